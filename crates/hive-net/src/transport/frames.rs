//! A connection's frames each way: read with the one frame reader
//! ([`FrameReader`], fed [`READ_CHUNK`] bytes at a time from iroh's
//! stream), written from a bounded queue with a time limit per frame.

use iroh::endpoint::{
    ConnectError, ConnectionError, ReadError, RecvStream, SendStream, WriteError,
};
use tokio::sync::mpsc;

use super::queue::EventSender;
use crate::error::PeerError;
use crate::limits::{READ_CHUNK, WRITE_TIMEOUT};
use crate::protocol::{FrameReader, Message};

/// Why a connection's stream, or the making of one, failed. The words are
/// a dropped connection's reason (or the host's error) in the link's events.
#[derive(Debug, thiserror::Error)]
pub(super) enum TransportError {
    /// The peer closed its stream.
    #[error("the peer closed its stream")]
    StreamClosed,
    /// The stream could not be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A frame could not be written.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// A frame was not written within [`WRITE_TIMEOUT`].
    #[error("the peer reads nothing: a frame waited too long")]
    WriteTimedOut,
    /// The host's endpoint accepts no more connections.
    #[error("the endpoint closed")]
    EndpointClosed,
    /// The host did not answer the dial in time.
    #[error("timed out")]
    DialTimedOut,
    /// The host could not be dialled.
    #[error(transparent)]
    Connect(#[from] ConnectError),
    /// The connection's stream could not be opened.
    #[error(transparent)]
    Open(#[from] ConnectionError),
}

/// One connection's incoming stream, cut into frames.
pub(super) struct FrameStream {
    recv: RecvStream,
    reader: FrameReader,
    chunk: Vec<u8>,
}

impl FrameStream {
    pub(super) fn new(recv: RecvStream) -> FrameStream {
        FrameStream {
            recv,
            reader: FrameReader::new(),
            chunk: vec![0; READ_CHUNK],
        }
    }

    /// The next frame: its message or why it is refused (after an
    /// oversized header the stream cannot be followed any more), or why
    /// the stream ended. Reads only when no whole frame is held, so the
    /// reader never holds more than one frame and one read.
    pub(super) async fn next(&mut self) -> Result<Result<Message, PeerError>, TransportError> {
        loop {
            if let Some(frame) = self.reader.next_message() {
                return Ok(frame);
            }
            match self.recv.read(&mut self.chunk).await {
                Ok(Some(n)) => self.reader.push(&self.chunk[..n]),
                Ok(None) => return Err(TransportError::StreamClosed),
                Err(e) => return Err(e.into()),
            }
        }
    }
}

/// Reads frames until the stream ends, each made an event by `wrap`; an
/// oversized header ends the connection. Waits while the event queue is
/// full (no more is read, and QUIC's flow control stops the peer).
pub(super) async fn read_frames<E>(
    mut stream: FrameStream,
    events: EventSender<E>,
    wrap: impl Fn(Result<Message, PeerError>) -> E,
) -> String {
    loop {
        let frame = match stream.next().await {
            Ok(frame) => frame,
            Err(e) => return e.to_string(),
        };
        let oversized = matches!(frame, Err(PeerError::Oversized { .. }));
        if events.send(wrap(frame)).await.is_err() {
            return "closed".into();
        }
        if oversized {
            return "an oversized frame".into();
        }
    }
}

/// Writes the frames queued for one connection, each within
/// [`WRITE_TIMEOUT`]; gives the stream back once the queue is closed
/// (everything queued written), or why it could not.
pub(super) async fn write_frames(
    mut send: SendStream,
    mut frames: mpsc::Receiver<Vec<u8>>,
) -> Result<SendStream, TransportError> {
    while let Some(frame) = frames.recv().await {
        match tokio::time::timeout(WRITE_TIMEOUT, send.write_all(&frame)).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(e.into()),
            Err(_) => return Err(TransportError::WriteTimedOut),
        }
    }
    Ok(send)
}
