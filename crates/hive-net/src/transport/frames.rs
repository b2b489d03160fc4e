//! A connection's frames as they are read: a 4-byte big-endian length,
//! then the message's JSON, refused past `MAX_FRAME`.

use std::sync::mpsc as std_mpsc;

use iroh::endpoint::RecvStream;

use crate::error::PeerError;
use crate::protocol::{Message, frame_len};

/// Reads one frame: its message or why it is refused (after an oversized
/// header, refused before its body is read, the stream cannot be followed
/// any more), or the stream's end.
pub(super) async fn read_frame(
    recv: &mut RecvStream,
) -> Result<Result<Message, PeerError>, String> {
    let mut header = [0u8; 4];
    recv.read_exact(&mut header)
        .await
        .map_err(|e| e.to_string())?;
    let len = match frame_len(header) {
        Ok(len) => len,
        Err(error) => return Ok(Err(error)),
    };
    let mut body = vec![0u8; len];
    recv.read_exact(&mut body)
        .await
        .map_err(|e| e.to_string())?;
    Ok(Message::from_json(&body))
}

/// Reads frames until the stream ends, each made an event by `wrap`; an
/// oversized header ends the connection.
pub(super) async fn read_frames<E>(
    mut recv: RecvStream,
    events: std_mpsc::Sender<E>,
    wrap: impl Fn(Result<Message, PeerError>) -> E,
) -> String {
    loop {
        let frame = match read_frame(&mut recv).await {
            Ok(frame) => frame,
            Err(e) => return e,
        };
        let oversized = matches!(frame, Err(PeerError::Oversized { .. }));
        if events.send(wrap(frame)).is_err() {
            return "closed".into();
        }
        if oversized {
            return "an oversized frame".into();
        }
    }
}
