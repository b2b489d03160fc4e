//! Our own actions: answering the settings, moves, offers, resigning,
//! the chat, pings and goodbye.

use super::*;

impl Session {
    /// (Joiner) accepts the proposed settings: the game starts.
    pub fn accept_settings(&mut self) -> Result<Vec<SessionEvent>, ActionError> {
        if self.seat != Seat::Joiner || self.stage != Stage::AwaitSettings || self.started {
            return Err(ActionError::NoOffer);
        }
        let side = self.my_side().ok_or(ActionError::NoOffer)?;
        self.started = true;
        self.stage = Stage::Playing;
        self.outbox.push(Message::Accept);
        Ok(vec![SessionEvent::Started { side }])
    }

    /// (Joiner) declines the proposed settings; the session closes.
    pub fn decline_settings(&mut self) -> Result<(), ActionError> {
        if self.seat != Seat::Joiner || self.stage != Stage::AwaitSettings || self.started {
            return Err(ActionError::NoOffer);
        }
        self.outbox.push(Message::Decline);
        self.stage = Stage::Closed;
        Ok(())
    }

    /// Plays our move (a UHP MoveString) and queues it for the peer.
    /// Returns the move's canonical MoveString.
    pub fn play(&mut self, mv: &str) -> Result<String, ActionError> {
        self.play_timed(mv, None)
    }

    /// [`Session::play`] with our clock after the move, in milliseconds.
    /// While the connection is down the move is only played here: the sync
    /// after the reconnection brings it to the peer.
    pub fn play_timed(&mut self, mv: &str, clock_ms: Option<u64>) -> Result<String, ActionError> {
        if !self.started || self.result.is_some() || self.stage == Stage::Closed {
            return Err(ActionError::NotPlaying);
        }
        if !self.may_move() {
            return Err(ActionError::NotYourTurn);
        }
        let parsed = self.game.parse_move(mv).map_err(|e| ActionError::BadMove {
            mv: clip(mv, 40),
            detail: e.to_string(),
        })?;
        let canonical = self.game.move_string(parsed);
        self.game.play(parsed).map_err(ActionError::Illegal)?;
        let sent = self.outbox.len();
        self.outbox.push(Message::Move {
            ply: self.game.ply(),
            mv: canonical.clone(),
            hash: hash_hex(&self.game),
            clock_ms,
        });
        self.after_move();
        if self.stage != Stage::Playing {
            // No conversation to say it in: the sync and the result said
            // again after the next hello carry it.
            self.outbox.truncate(sent);
        }
        Ok(canonical)
    }

    /// Offers a draw.
    pub fn offer_draw(&mut self) -> Result<(), ActionError> {
        if !self.playing() || self.my_draw_offer {
            return Err(ActionError::NoOffer);
        }
        self.my_draw_offer = true;
        self.outbox.push(Message::DrawOffer);
        Ok(())
    }

    /// Answers the peer's draw offer.
    pub fn answer_draw(&mut self, accept: bool) -> Result<Vec<SessionEvent>, ActionError> {
        if !self.playing() || !self.their_draw_offer {
            return Err(ActionError::NoOffer);
        }
        self.their_draw_offer = false;
        self.outbox.push(Message::DrawAnswer { accept });
        Ok(if accept {
            self.end(GameResult::Draw, EndReason::DrawAgreed, true)
        } else {
            vec![]
        })
    }

    /// Asks to take back the last move.
    pub fn request_takeback(&mut self) -> Result<(), ActionError> {
        if !self.playing() || self.my_takeback.is_some() {
            return Err(ActionError::NoOffer);
        }
        if self.game.ply() == 0 {
            return Err(ActionError::NothingToTakeBack);
        }
        self.my_takeback = Some(self.game.ply());
        self.outbox.push(Message::TakebackRequest {
            ply: self.game.ply(),
        });
        Ok(())
    }

    /// Answers the peer's takeback request.
    pub fn answer_takeback(&mut self, accept: bool) -> Result<Vec<SessionEvent>, ActionError> {
        let Some(ply) = self.their_takeback.take() else {
            return Err(ActionError::NoOffer);
        };
        if !self.playing() || self.game.ply() != ply {
            return Err(ActionError::NoOffer);
        }
        self.outbox.push(Message::TakebackAnswer { ply, accept });
        if accept {
            self.game.undo();
            return Ok(vec![SessionEvent::TakenBack {
                ply: self.game.ply(),
            }]);
        }
        Ok(vec![])
    }

    /// Resigns: the peer wins.
    pub fn resign(&mut self) -> Result<Vec<SessionEvent>, ActionError> {
        if !self.playing() {
            return Err(ActionError::NotPlaying);
        }
        let winner = self.peer_side().unwrap_or(Color::White);
        self.outbox.push(Message::Resign);
        Ok(self.end(win_for(winner), EndReason::Resigned, true))
    }

    /// Our clock ran out: the peer wins on time (told at once, or after the
    /// reconnection with the result said again).
    pub fn out_of_time(&mut self) -> Result<Vec<SessionEvent>, ActionError> {
        if !self.started || self.result.is_some() {
            return Err(ActionError::NotPlaying);
        }
        let winner = self.peer_side().unwrap_or(Color::White);
        let playing = self.stage == Stage::Playing;
        Ok(self.end(win_for(winner), EndReason::Time, playing))
    }

    /// (After the end) asks the peer for another game: the same settings,
    /// the colours swapped. Answering the peer's own offer agrees to it.
    pub fn offer_rematch(&mut self) -> Result<Vec<SessionEvent>, ActionError> {
        if self.result.is_none() || self.stage != Stage::Playing {
            return Err(ActionError::NotPlaying);
        }
        if self.my_rematch || self.rematch_agreed {
            return Err(ActionError::NoOffer);
        }
        if self.their_rematch {
            return self.answer_rematch(true);
        }
        self.my_rematch = true;
        self.outbox.push(Message::RematchOffer);
        Ok(vec![])
    }

    /// Answers the peer's rematch offer: agreed, the host proposes the
    /// next game at once.
    pub fn answer_rematch(&mut self, accept: bool) -> Result<Vec<SessionEvent>, ActionError> {
        if !self.their_rematch || self.stage != Stage::Playing {
            return Err(ActionError::NoOffer);
        }
        self.their_rematch = false;
        self.outbox.push(Message::RematchAnswer { accept });
        Ok(if accept { self.agree_rematch() } else { vec![] })
    }

    /// Sends a chat line.
    pub fn chat(&mut self, text: &str) -> Result<(), ActionError> {
        if text.chars().count() > MAX_CHAT_CHARS {
            return Err(ActionError::ChatTooLong);
        }
        self.outbox.push(Message::Chat { text: text.into() });
        Ok(())
    }

    /// Sends a ping; the peer's pong comes back as [`SessionEvent::Pong`].
    pub fn ping(&mut self, n: u64) {
        self.outbox.push(Message::Ping { n });
    }

    /// Says goodbye; the session closes.
    pub fn bye(&mut self) {
        self.outbox.push(Message::Bye);
        self.stage = Stage::Closed;
    }
}
