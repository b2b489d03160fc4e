//! The flood limit on what a peer sends: a token bucket per connection.

use std::time::Instant;

use crate::error::PeerError;

/// Messages allowed per second after the burst.
pub const FLOOD_RATE: f64 = 20.0;
/// Messages allowed at once.
pub const FLOOD_BURST: f64 = 60.0;

/// A token bucket: [`FLOOD_BURST`] messages at once, then [`FLOOD_RATE`] a
/// second; an applied move costs nothing.
#[derive(Clone, Debug)]
pub(crate) struct Bucket {
    tokens: f64,
    last: Option<Instant>,
}

impl Bucket {
    /// A full bucket.
    pub(crate) fn new() -> Bucket {
        Bucket {
            tokens: FLOOD_BURST,
            last: None,
        }
    }

    /// Takes a message's token at `now`, or refuses it as a flood.
    pub(crate) fn take(&mut self, now: Instant) -> Result<(), PeerError> {
        if let Some(last) = self.last {
            let secs = now.saturating_duration_since(last).as_secs_f64();
            self.tokens = (self.tokens + secs * FLOOD_RATE).min(FLOOD_BURST);
        }
        self.last = Some(now);
        if self.tokens < 1.0 {
            return Err(PeerError::Flood);
        }
        self.tokens -= 1.0;
        Ok(())
    }

    /// Gives the message's token back when its `events` show a move applied
    /// (`moved`): that is play, not flood, so a fast game between two
    /// programs never reaches the limit.
    pub(crate) fn refund_moves<E>(
        &mut self,
        events: &Result<Vec<E>, PeerError>,
        moved: impl Fn(&E) -> bool,
    ) {
        if let Ok(events) = events
            && events.iter().any(moved)
        {
            self.tokens = (self.tokens + 1.0).min(FLOOD_BURST);
        }
    }
}
