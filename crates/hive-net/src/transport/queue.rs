//! Events from the link's thread to the handle, a bounded number at once:
//! each event holds a permit of a semaphore of the queue's size until the
//! handle takes it, so a sender waits (asynchronously) for room, while the
//! handle still reads with a plain channel (polled without blocking, or
//! waited on with a timeout from a thread outside any runtime).

use std::sync::mpsc as std_mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The queue was closed (the handle is gone or closing).
#[derive(Debug)]
pub(super) struct Closed;

/// The thread's end.
pub(super) struct EventSender<E> {
    tx: std_mpsc::Sender<(E, OwnedSemaphorePermit)>,
    room: Arc<Semaphore>,
}

impl<E> Clone for EventSender<E> {
    fn clone(&self) -> Self {
        EventSender {
            tx: self.tx.clone(),
            room: Arc::clone(&self.room),
        }
    }
}

impl<E> EventSender<E> {
    /// Queues `event`, waiting for room.
    pub(super) async fn send(&self, event: E) -> Result<(), Closed> {
        let permit = Arc::clone(&self.room)
            .acquire_owned()
            .await
            .map_err(|_| Closed)?;
        self.tx.send((event, permit)).map_err(|_| Closed)
    }
}

/// The handle's end. In a mutex only so that the handle is `Sync`; its
/// readers take `&mut self` and never wait for the lock.
pub(super) struct EventReceiver<E> {
    rx: Mutex<std_mpsc::Receiver<(E, OwnedSemaphorePermit)>>,
    room: Arc<Semaphore>,
}

/// A queue of at most `capacity` events.
pub(super) fn events<E>(capacity: usize) -> (EventSender<E>, EventReceiver<E>) {
    let (tx, rx) = std_mpsc::channel();
    let room = Arc::new(Semaphore::new(capacity));
    let sender = EventSender {
        tx,
        room: Arc::clone(&room),
    };
    (
        sender,
        EventReceiver {
            rx: Mutex::new(rx),
            room,
        },
    )
}

impl<E> EventReceiver<E> {
    /// The next event, without waiting (its room is freed).
    pub(super) fn try_recv(&mut self) -> Option<E> {
        let rx = self.rx.get_mut().ok()?;
        rx.try_recv().ok().map(|(event, _permit)| event)
    }

    /// The next event, waiting up to `timeout`.
    pub(super) fn recv_timeout(&mut self, timeout: Duration) -> Option<E> {
        let rx = self.rx.get_mut().ok()?;
        rx.recv_timeout(timeout).ok().map(|(event, _permit)| event)
    }

    /// No more events: a sender waiting for room gives up at once.
    pub(super) fn close(&self) {
        self.room.close();
    }
}
