//! A hostile peer against the real `hive-online host` process, over the
//! real transport on loopback (the local mode): a raw iroh endpoint that
//! speaks the protocol by hand and sends oversized frames, floods of good
//! and of refused messages, garbage after the handshake, reads nothing, or
//! comes with the game's secret while the game is on. Each case checks the
//! connection is ended, the host's game is unchanged (no move of the
//! peer's printed), and one line says why; the floods measure the host's
//! peak memory (VmHWM) and hold it under a generous ceiling. Run with
//! `--nocapture` to see the figures (docs/benchmarks.md, "A hostile peer").

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use hive_net::transport::ALPN;
use hive_net::{FrameReader, Invitation, MAX_FRAME, Message, PROTOCOL_VERSION, Role};
use iroh::endpoint::{
    Connection, PortmapperConfig, QuicTransportConfig, RecvStream, SendStream, VarInt, presets,
};
use iroh::{Endpoint, EndpointAddr, PublicKey, RelayMode, TransportAddr};

const BIN: &str = env!("CARGO_BIN_EXE_hive-online");

/// The most the host's peak memory may grow during one flood: generous
/// (the queues hold a few MiB at most; an unbounded one grows by what the
/// peer sends, hundreds of MiB here).
const MEMORY_CEILING: u64 = 64 * 1024 * 1024;

/// The defending host: the real binary, its invitation read, its standard
/// error going to a file (never blocked on).
struct Host {
    child: Child,
    out: BufReader<ChildStdout>,
    invitation: Invitation,
    errors: tempfile::NamedTempFile,
    /// Its own data folder: no other host's resumable game is found there.
    _data: tempfile::TempDir,
}

impl Host {
    /// `hive-online host --local --white` with `extra` arguments.
    fn start(extra: &[&str]) -> Host {
        let errors = tempfile::NamedTempFile::new().expect("a temp file");
        let data = tempfile::tempdir().expect("a data folder");
        let mut child = Command::new(BIN)
            .env("HIVE_DATA_DIR", data.path())
            .args(["host", "--local", "--white", "--wait", "60"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(errors.reopen().expect("the temp file"))
            .spawn()
            .expect("the host starts");
        let mut out = BufReader::new(child.stdout.take().expect("piped"));
        let mut line = String::new();
        out.read_line(&mut line).expect("the invitation line");
        let invitation = Invitation::parse(line.trim()).expect("an invitation");
        Host {
            child,
            out,
            invitation,
            errors,
            _data: data,
        }
    }

    /// The host's peak memory so far (VmHWM), in bytes.
    fn peak_memory(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the host's status");
        let kib: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmHWM");
        kib * 1024
    }

    /// Ends the host once it has said it hung up (the peer sees the
    /// connection close before the host's loop says why, so stopping at
    /// once could lose the line; at most ten seconds); its moves and its
    /// standard error, as [`Host::stop`].
    fn stop_after_hanging_up(self) -> (Vec<String>, String) {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            let errors = std::fs::read_to_string(self.errors.path()).unwrap_or_default();
            if errors.lines().any(|l| l.ends_with("hanging up")) {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.stop()
    }

    /// Ends the host; its moves (standard output after the invitation)
    /// and its standard error.
    fn stop(mut self) -> (Vec<String>, String) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let mut rest = String::new();
        let _ = self.out.read_to_string(&mut rest);
        let errors = std::fs::read_to_string(self.errors.path()).expect("the host's errors");
        (rest.lines().map(str::to_string).collect(), errors)
    }
}

/// The raw peer: a loopback endpoint of its own and one connection.
struct Raw {
    _endpoint: Endpoint,
    conn: Connection,
    send: SendStream,
    recv: RecvStream,
    reader: FrameReader,
}

/// Dials the host of `invitation`; `window` caps what the host may send
/// before we read (a peer that reads slowly, or never).
async fn dial(invitation: &Invitation, window: Option<u32>) -> Raw {
    let mut builder = Endpoint::builder(presets::Minimal)
        .relay_mode(RelayMode::Disabled)
        .clear_address_lookup()
        .portmapper_config(PortmapperConfig::Disabled)
        .clear_ip_transports()
        .bind_addr(SocketAddr::from(([127, 0, 0, 1], 0)))
        .expect("a loopback address");
    if let Some(window) = window {
        let small = QuicTransportConfig::builder()
            .stream_receive_window(VarInt::from_u32(window))
            .receive_window(VarInt::from_u32(window))
            .build();
        builder = builder.transport_config(small);
    }
    let endpoint = builder.bind().await.expect("binds on loopback");
    assert!(invitation.addrs.iter().all(|a| a.ip().is_loopback()));
    let id = PublicKey::from_bytes(&invitation.endpoint).expect("the host's key");
    let addrs = invitation.addrs.iter().copied().map(TransportAddr::Ip);
    let addr = EndpointAddr::from_parts(id, addrs);
    let conn = endpoint.connect(addr, ALPN).await.expect("connects");
    let (send, recv) = conn.open_bi().await.expect("a stream");
    Raw {
        _endpoint: endpoint,
        conn,
        send,
        recv,
        reader: FrameReader::new(),
    }
}

fn frame(body: &[u8]) -> Vec<u8> {
    let mut bytes = (body.len() as u32).to_be_bytes().to_vec();
    bytes.extend_from_slice(body);
    bytes
}

fn message_frame(message: &Message) -> Vec<u8> {
    hive_net::encode_frame(message).expect("small")
}

fn hello(invitation: &Invitation) -> Vec<u8> {
    message_frame(&Message::Hello {
        program: "hostile".into(),
        version: PROTOCOL_VERSION.into(),
        name: "Mallory".into(),
        secret: invitation.secret.to_hex(),
        role: Role::Player,
    })
}

impl Raw {
    async fn write(&mut self, bytes: &[u8]) {
        self.send.write_all(bytes).await.expect("written");
    }

    /// The host's next message (within ten seconds).
    async fn read(&mut self) -> Message {
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut chunk = vec![0; 4096];
        loop {
            if let Some(frame) = self.reader.next_message() {
                return frame.expect("the host sends good frames");
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let n = tokio::time::timeout(left, self.recv.read(&mut chunk))
                .await
                .expect("the host answers in time")
                .expect("reads")
                .expect("the stream is open");
            self.reader.push(&chunk[..n]);
        }
    }

    /// Through the handshake into the game: hello, welcome, settings,
    /// accept.
    async fn join_the_game(&mut self, invitation: &Invitation) {
        self.write(&hello(invitation)).await;
        assert!(matches!(self.read().await, Message::Welcome { .. }));
        assert!(matches!(self.read().await, Message::Settings(_)));
        self.write(&message_frame(&Message::Accept)).await;
    }

    /// Sends `frames` from a task of its own (the host may stop reading)
    /// and waits for the host to end the connection.
    async fn flood_until_closed(self, frames: Vec<Vec<u8>>) -> Duration {
        let Raw {
            _endpoint,
            conn,
            mut send,
            recv,
            ..
        } = self;
        let start = Instant::now();
        let writer = tokio::spawn(async move {
            for frame in frames {
                if send.write_all(&frame).await.is_err() {
                    break;
                }
            }
            send
        });
        let closed = tokio::time::timeout(Duration::from_secs(30), conn.closed()).await;
        assert!(closed.is_ok(), "the host did not end the connection");
        writer.abort();
        drop(recv);
        start.elapsed()
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}

/// The lines of standard error that say a peer's message was refused.
fn refusal_lines(errors: &str) -> Vec<&str> {
    errors
        .lines()
        .filter(|l| l.starts_with("refused from"))
        .collect()
}

/// One line ended the connection, with `key`, and at most one other
/// refusal (the connection's first) was said before it.
fn said_once(errors: &str, key: &str) {
    let lines = refusal_lines(errors);
    let ending: Vec<&&str> = lines.iter().filter(|l| l.ends_with("hanging up")).collect();
    assert_eq!(ending.len(), 1, "{errors}");
    assert!(ending[0].contains(&format!("[{key}]")), "{errors}");
    assert!(lines.len() <= 2, "{} refusals said: {errors}", lines.len());
}

/// Only the host's own first move was played: nothing of the peer's.
fn only_our_move(moves: &[String]) {
    assert!(moves.len() <= 1, "{moves:?}");
    assert!(moves.iter().all(|m| m.starts_with("1 w")), "{moves:?}");
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

#[test]
fn an_oversized_frame_ends_the_connection_before_its_body() {
    let host = Host::start(&["--ai", "beginner"]);
    runtime().block_on(async {
        let mut raw = dial(&host.invitation, None).await;
        raw.join_the_game(&host.invitation).await;
        // A gigabyte announced, a little sent.
        let mut bytes = (1u32 << 30).to_be_bytes().to_vec();
        bytes.extend(vec![b'x'; 1000]);
        raw.flood_until_closed(vec![bytes]).await;
    });
    let (moves, errors) = host.stop_after_hanging_up();
    only_our_move(&moves);
    said_once(&errors, "peer-oversized");
}

#[test]
fn a_flood_of_good_messages_ends_the_connection_with_one_line() {
    let host = Host::start(&["--ai", "beginner"]);
    let before = runtime().block_on(async {
        let mut raw = dial(&host.invitation, None).await;
        raw.join_the_game(&host.invitation).await;
        let before = host.peak_memory();
        let pings = (0..100_000)
            .map(|n| message_frame(&Message::Ping { n }))
            .collect();
        raw.flood_until_closed(pings).await;
        before
    });
    let after = host.peak_memory();
    let (moves, errors) = host.stop_after_hanging_up();
    eprintln!(
        "flood of pings: peak {:.1} MiB before, {:.1} MiB after",
        mib(before),
        mib(after)
    );
    only_our_move(&moves);
    said_once(&errors, "peer-flood");
    assert!(after < before + MEMORY_CEILING);
}

#[test]
fn a_stream_of_refused_messages_and_garbage_end_the_connection_with_one_line() {
    let host = Host::start(&["--ai", "beginner"]);
    runtime().block_on(async {
        let mut raw = dial(&host.invitation, None).await;
        raw.join_the_game(&host.invitation).await;
        // Frames that are no message, and messages the game refuses.
        let junk = (0..50_000)
            .map(|i| match i % 3 {
                0 => frame(b"{not json"),
                1 => frame(br#"{"type":"teleport"}"#),
                _ => message_frame(&Message::TakebackAnswer {
                    ply: 9,
                    accept: true,
                }),
            })
            .collect();
        raw.flood_until_closed(junk).await;
    });
    let (moves, errors) = host.stop_after_hanging_up();
    only_our_move(&moves);
    said_once(&errors, "peer-too-many-refused");
    // Garbage after the handshake: bytes that are no frames at all.
    let host = Host::start(&["--ai", "beginner"]);
    runtime().block_on(async {
        let mut raw = dial(&host.invitation, None).await;
        raw.join_the_game(&host.invitation).await;
        let garbage: Vec<u8> = (0..1_000_000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        raw.flood_until_closed(vec![garbage]).await;
    });
    // The connection may close before the host has said why: its line is
    // awaited (up to 10 s), not assumed written.
    let (moves, errors) = host.stop_after_hanging_up();
    only_our_move(&moves);
    assert_eq!(refusal_lines(&errors).len(), 1, "{errors}");
}

/// A UHP "engine" that takes `seconds` over its first move (`wS1`): the
/// host's loop is busy meanwhile and reads no event.
fn slow_engine(dir: &Path, seconds: u32) -> String {
    let script = dir.join("slow-engine.sh");
    std::fs::write(
        &script,
        format!(
            "echo 'id slow 1'; echo ok\n\
             while read -r line; do\n\
             case \"$line\" in\n\
             newgame*) echo 'Base+MLP;NotStarted;White[1]'; echo ok;;\n\
             bestmove*) sleep {seconds}; echo wS1; echo ok;;\n\
             exit) exit 0;;\n\
             *) echo ok;;\n\
             esac\n\
             done\n"
        ),
    )
    .expect("the script");
    format!("sh {}", script.display())
}

/// While the host is busy (its engine thinking), the peer sends as fast as
/// it can: the host's queue fills, its reader waits, and QUIC stops the
/// peer; once the host is back, the refusals end the connection.
#[test]
fn a_flood_while_the_host_is_busy_is_held_back_not_buffered() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let engine = slow_engine(dir.path(), 6);
    let host = Host::start(&["--engine", &engine]);
    let (before, sent) = runtime().block_on(async {
        let mut raw = dial(&host.invitation, None).await;
        raw.join_the_game(&host.invitation).await;
        let before = host.peak_memory();
        // Chat lines just under a frame's limit (refused as too long, once
        // read): up to 6,400 MiB if nothing held the peer back.
        let text = "x".repeat(MAX_FRAME - 100);
        let line = message_frame(&Message::Chat { text });
        let frames: Vec<Vec<u8>> = (0..100_000).map(|_| line.clone()).collect();
        let sent = frames.len() as u64 * line.len() as u64;
        raw.flood_until_closed(frames).await;
        (before, sent)
    });
    let after = host.peak_memory();
    let (moves, errors) = host.stop_after_hanging_up();
    eprintln!(
        "flood of {:.0} MiB offered while busy: peak {:.1} MiB before, {:.1} MiB after",
        mib(sent),
        mib(before),
        mib(after)
    );
    only_our_move(&moves);
    said_once(&errors, "peer-too-many-refused");
    assert!(after < before + MEMORY_CEILING);
}

/// A peer that reads nothing (a window of 64 bytes, never read) while it
/// pings under the flood limit: the host's frames wait, then its
/// connection is ended; nothing grows meanwhile.
#[test]
fn a_peer_that_reads_nothing_is_dropped() {
    let host = Host::start(&["--ai", "beginner"]);
    let (before, took) = runtime().block_on(async {
        let mut raw = dial(&host.invitation, Some(64)).await;
        // Blind: welcome and settings are never read. The host reads in
        // order, so the Accept answers the settings whenever they go out.
        raw.write(&hello(&host.invitation)).await;
        raw.write(&message_frame(&Message::Accept)).await;
        let before = host.peak_memory();
        let start = Instant::now();
        let Raw { conn, mut send, .. } = raw;
        let pinger = tokio::spawn(async move {
            for n in 0..600 {
                let ping = message_frame(&Message::Ping { n });
                if send.write_all(&ping).await.is_err() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        });
        let closed = tokio::time::timeout(Duration::from_secs(40), conn.closed()).await;
        assert!(closed.is_ok(), "the host kept a peer that reads nothing");
        pinger.abort();
        (before, start.elapsed())
    });
    let after = host.peak_memory();
    let (moves, errors) = host.stop();
    eprintln!(
        "a peer that reads nothing: dropped after {:.1} s; peak {:.1} MiB before, {:.1} MiB after",
        took.as_secs_f64(),
        mib(before),
        mib(after)
    );
    only_our_move(&moves);
    assert!(
        errors.contains("disconnected: the peer reads nothing"),
        "{errors}"
    );
    assert!(refusal_lines(&errors).is_empty(), "{errors}");
    assert!(after < before + MEMORY_CEILING);
}

/// The invitation's secret again, on a second connection while the game
/// is on: refused as busy; the game goes on unchanged on the first.
#[test]
fn a_replayed_secret_while_the_game_is_on_is_refused_and_the_game_goes_on() {
    let host = Host::start(&["--ai", "beginner"]);
    let mut legit = crate::transport::joiner(&host.invitation, host.invitation.secret);
    let until = |legit: &mut crate::transport::Peer, plies: usize| {
        let deadline = Instant::now() + Duration::from_secs(30);
        while legit.applied.len() < plies {
            assert!(Instant::now() < deadline, "{:?}", legit.session.stage());
            legit.step();
        }
    };
    // The game is on: the host's first move is in.
    until(&mut legit, 1);
    let reason = runtime().block_on(async {
        let mut raw = dial(&host.invitation, None).await;
        raw.write(&hello(&host.invitation)).await;
        let closed = tokio::time::timeout(Duration::from_secs(10), raw.conn.closed()).await;
        closed.expect("the second connection is closed").to_string()
    });
    assert!(reason.contains("busy"), "{reason}");
    // The first connection never dropped, and the game goes on.
    let mut engine = hive_ai::Engine::new(1);
    let mv = crate::util::ai_move(&mut engine, legit.session.game(), 3);
    legit.session.play(&mv).expect("our move");
    until(&mut legit, 2);
    assert_eq!(legit.connections, 1);
    assert!(legit.refused.is_empty(), "{:?}", legit.refused);
    let game = legit.session.game().game_string();
    drop(legit);
    let (moves, errors) = host.stop();
    // The host has the same three moves: the intruder changed nothing.
    let theirs: Vec<&str> = game.split(';').skip(3).collect();
    let ours: Vec<&str> = moves
        .iter()
        .filter_map(|line| line.split_once(' ').map(|(_, mv)| mv))
        .collect();
    assert_eq!(theirs.len(), 3, "{game}");
    assert_eq!(ours, theirs, "{moves:?}");
    assert!(refusal_lines(&errors).is_empty(), "{errors}");
}
