//! The host's watcher connections: each on a task of its own, with its own
//! bounded queue of messages ([`WRITE_QUEUE`]), reported with its
//! [`WatcherId`]. A watcher whose queue is full (it reads nothing) is let
//! go.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use iroh::endpoint::{Connection, SendStream};
use tokio::sync::mpsc;

use super::frames::{FrameStream, read_frames};
use super::queue::EventSender;
use super::{WatcherEvent, WatcherId};
use crate::limits::{WRITE_QUEUE, WRITE_TIMEOUT};
use crate::protocol::{Message, encode_frame};

/// What the handle asks of one watcher's connection.
pub(crate) enum WatcherCommand {
    Send(Message),
    HangUp,
    Close,
}

/// The watchers' cap and connections, shared by the handle and the tasks.
#[derive(Default)]
pub(crate) struct Watching {
    cap: AtomicUsize,
    next: AtomicU64,
    queues: Mutex<HashMap<WatcherId, mpsc::Sender<WatcherCommand>>>,
}

impl Watching {
    pub(crate) fn set_cap(&self, cap: usize) {
        self.cap.store(cap, Ordering::SeqCst);
    }

    pub(crate) fn cap(&self) -> usize {
        self.cap.load(Ordering::SeqCst)
    }

    pub(crate) fn count(&self) -> usize {
        self.queues.lock().map(|q| q.len()).unwrap_or(0)
    }

    /// Queues `command` for watcher `id`; a watcher whose queue is full
    /// is let go (its queue dropped: its connection closes).
    pub(crate) fn command(&self, id: WatcherId, command: WatcherCommand) {
        if let Ok(mut queues) = self.queues.lock()
            && let Some(queue) = queues.get(&id)
            && queue.try_send(command).is_err()
        {
            queues.remove(&id);
        }
    }

    /// A place for one more watcher, if the cap allows.
    fn admit(&self) -> Option<(WatcherId, mpsc::Receiver<WatcherCommand>)> {
        let mut queues = self.queues.lock().ok()?;
        if queues.len() >= self.cap() {
            return None;
        }
        let id = WatcherId(self.next.fetch_add(1, Ordering::SeqCst) + 1);
        let (tx, rx) = mpsc::channel(WRITE_QUEUE);
        queues.insert(id, tx);
        Some((id, rx))
    }

    fn leave(&self, id: WatcherId) {
        if let Ok(mut queues) = self.queues.lock() {
            queues.remove(&id);
        }
    }

    /// Asks every watcher's connection to close politely (what is queued
    /// is sent first).
    pub(crate) fn begin_close(&self) {
        if let Ok(mut queues) = self.queues.lock() {
            queues.retain(|_, queue| queue.try_send(WatcherCommand::Close).is_ok());
        }
    }

    /// Closes every watcher's connection politely and waits (up to two
    /// seconds) for them to be gone.
    pub(crate) async fn close_all(&self) {
        self.begin_close();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(2);
        while self.count() > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// Serves one watcher whose `hello` was read: reports it, then its frames,
/// and writes what the handle queues for it until either end closes. Over
/// the cap, it is sent `refuse` (`"full"`) and closed.
pub(super) async fn serve(
    conn: Connection,
    mut send: SendStream,
    stream: FrameStream,
    hello: Message,
    watching: Arc<Watching>,
    events: EventSender<WatcherEvent>,
) {
    let Some((id, mut queue)) = watching.admit() else {
        let refuse = Message::Refuse {
            reason: "full".into(),
        };
        if let Ok(frame) = encode_frame(&refuse) {
            let _ = tokio::time::timeout(WRITE_TIMEOUT, send.write_all(&frame)).await;
        }
        let _ = send.finish();
        let _ = tokio::time::timeout(Duration::from_secs(1), send.stopped()).await;
        conn.close(2u32.into(), b"full");
        return;
    };
    let _ = events.send(WatcherEvent::Connected { id }).await;
    let _ = events
        .send(WatcherEvent::Message { id, message: hello })
        .await;
    let mut reader = tokio::spawn(read_frames(
        stream,
        events.clone(),
        move |frame| match frame {
            Ok(message) => WatcherEvent::Message { id, message },
            Err(error) => WatcherEvent::Refused { id, error },
        },
    ));
    let reason = loop {
        tokio::select! {
            command = queue.recv() => match command {
                Some(WatcherCommand::Send(message)) => {
                    let Ok(frame) = encode_frame(&message) else { continue };
                    match tokio::time::timeout(WRITE_TIMEOUT, send.write_all(&frame)).await {
                        Ok(Ok(())) => {}
                        Ok(Err(e)) => break e.to_string(),
                        Err(_) => break "the watcher reads nothing".to_string(),
                    }
                }
                Some(WatcherCommand::HangUp) => {
                    let _ = send.finish();
                    let _ = tokio::time::timeout(Duration::from_secs(1), send.stopped()).await;
                    conn.close(3u32.into(), b"hung up");
                    break "hung up".to_string();
                }
                // Let go (its queue full): at once.
                None => break "let go: it reads nothing".to_string(),
                Some(WatcherCommand::Close) => {
                    let _ = send.finish();
                    let _ = tokio::time::timeout(Duration::from_secs(2), send.stopped()).await;
                    conn.close(0u32.into(), b"bye");
                    break "closed".to_string();
                }
            },
            ended = &mut reader => break ended.unwrap_or_else(|e| e.to_string()),
        }
    };
    reader.abort();
    conn.close(1u32.into(), b"dropped");
    watching.leave(id);
    let _ = events.send(WatcherEvent::Disconnected { id, reason }).await;
}
