//! The headless peers' resume files ([`crate::resume`]): found in the data
//! directory (`HIVE_DATA_DIR`, else the platform's), read at the start, so
//! that running the same command again gets back into the same game at
//! the same move, and written whenever the game changes.

use std::io::Write;
use std::path::{Path, PathBuf};

use hive_records::{Autosave, DATA_DIR_ENV, Ending, KeptGame, Seats};
use hive_rules::Game;

use crate::invite::{Invitation, Secret};
use crate::protocol::{EndReason, GameResult, GameSettings};
use crate::resume::{self, Resume};
use crate::session::{Seat, Session};
use crate::transport::Link;

/// The data directory: `HIVE_DATA_DIR`, else the platform's.
pub(super) fn data_dir() -> Result<PathBuf, String> {
    let dir = std::env::var_os(DATA_DIR_ENV).map(PathBuf::from);
    Autosave::default_location(dir)
        .map(|autosave| autosave.dir().to_path_buf())
        .map_err(|e| e.to_string())
}

/// A side's game at its start: new, or as its resume file kept it.
pub(super) struct Start {
    /// The session to play.
    pub session: Session,
    /// Our endpoint's secret key.
    pub key: [u8; 32],
    /// (Host, local mode) the port to bind; `0`: any.
    pub port: u16,
    /// The file, which saves the game as it goes.
    pub keeper: Keeper,
}

/// What the start found.
pub(super) enum Found {
    /// A game to play (new or resumed).
    Play(Box<Start>),
    /// (Joiner) the invitation's game is over, and the host said so too:
    /// the session has its final game and result.
    Over(Box<Start>),
}

fn damaged(path: &Path, detail: &str) -> String {
    resume::ResumeError::Damaged {
        path: path.to_path_buf(),
        detail: detail.into(),
    }
    .to_string()
}

/// The session a started game's file gives back.
fn resumed(path: &Path, kept: &Resume, seat: Seat) -> Result<Session, String> {
    let secret = kept.game_secret().ok_or_else(|| damaged(path, "secret"))?;
    let (Some(settings), Some(text)) = (&kept.settings, &kept.game) else {
        return Err(damaged(path, "a started game without its settings"));
    };
    let options = settings.house_rules;
    let game = Game::from_game_string_with(text, options)
        .map_err(|e| damaged(path, &format!("its game: {e}")))?;
    let session = Session::resumed(seat, secret, &kept.name, settings.clone(), game)
        .map_err(|e| damaged(path, &e.to_string()))?;
    Ok(session.with_result(kept.result))
}

/// The host's game: the one in the data directory's file unless it was
/// finished (or `new`), else a new one with these settings.
pub(super) fn host(
    settings: GameSettings,
    name: &str,
    new: bool,
) -> Result<(Start, Option<Game>), String> {
    let path = resume::host_path(&data_dir()?);
    let kept = Resume::load(&path).map_err(|e| e.to_string())?;
    match kept {
        Some(kept) if kept.host && !kept.closed && !new => {
            eprintln!("resuming the game kept in {}", path.display());
            let key = kept.key_bytes().ok_or_else(|| damaged(&path, "key"))?;
            let session = if kept.started {
                resumed(&path, &kept, Seat::Host)?
            } else {
                let secret = kept.game_secret().ok_or_else(|| damaged(&path, "secret"))?;
                let settings = kept.settings.clone().unwrap_or(settings);
                Session::host(secret, settings).map_err(|e| e.to_string())?
            };
            // Finished and confirmed: killed before it closed; said again.
            let over = kept.done().then(|| session.game().clone());
            let port = kept.port;
            let keeper = Keeper::new(path, kept);
            let start = Start {
                session,
                key,
                port,
                keeper,
            };
            Ok((start, over))
        }
        _ => {
            let secret = Secret::random();
            let key = Link::new_key();
            let kept = Resume {
                host: true,
                name: name.into(),
                secret: secret.to_hex(),
                key: resume::hex(&key),
                port: 0,
                invitation: None,
                settings: Some(settings.clone()),
                started: false,
                game: None,
                result: None,
                confirmed: false,
                closed: false,
            };
            let session = Session::host(secret, settings).map_err(|e| e.to_string())?;
            let keeper = Keeper::new(path, kept);
            Ok((
                Start {
                    session,
                    key,
                    port: 0,
                    keeper,
                },
                None,
            ))
        }
    }
}

/// The joiner's game of `invitation`: the one its file kept (with the same
/// endpoint key), else a new one; a game over for both says so.
pub(super) fn join(invitation: &Invitation, name: &str) -> Result<Found, String> {
    let path = resume::join_path(&data_dir()?, invitation);
    let kept = Resume::load(&path)
        .map_err(|e| e.to_string())?
        .filter(|kept| !kept.host && kept.game_secret() == Some(invitation.secret));
    if let Some(kept) = kept {
        let key = kept.key_bytes().ok_or_else(|| damaged(&path, "key"))?;
        let session = if kept.started {
            resumed(&path, &kept, Seat::Joiner)?
        } else {
            Session::join(invitation.secret, name)
        };
        let done = kept.done();
        if !done {
            eprintln!("resuming the game kept in {}", path.display());
        }
        let start = Box::new(Start {
            session,
            key,
            port: 0,
            keeper: Keeper::new(path, kept),
        });
        return Ok(if done {
            Found::Over(start)
        } else {
            Found::Play(start)
        });
    }
    let key = Link::new_key();
    let kept = Resume {
        host: false,
        name: name.into(),
        secret: invitation.secret.to_hex(),
        key: resume::hex(&key),
        port: 0,
        invitation: Some(invitation.to_text()),
        settings: None,
        started: false,
        game: None,
        result: None,
        confirmed: false,
        closed: false,
    };
    Ok(Found::Play(Box::new(Start {
        session: Session::join(invitation.secret, name),
        key,
        port: 0,
        keeper: Keeper::new(path, kept),
    })))
}

/// Keeps the session's game, once over, with the player's own games in
/// the data directory (`my-games.sqlite`, as the window keeps its games),
/// under the game's secret as its id: kept again (a restart after the
/// end) it replaces itself. A failure is said, and changes nothing else.
pub(super) fn keep_the_game(session: &Session, name: &str) {
    let Some((result, reason)) = session.result() else {
        return;
    };
    let (Some(side), Ok(dir)) = (session.my_side(), data_dir()) else {
        return;
    };
    let result = match result {
        GameResult::WhiteWins => hive_records::GameResult::WhiteWins,
        GameResult::BlackWins => hive_records::GameResult::BlackWins,
        GameResult::Draw => hive_records::GameResult::Draw,
    };
    let ending = match reason {
        EndReason::Rules => Ending::Rules,
        EndReason::Resigned => Ending::Resigned,
        EndReason::DrawAgreed => Ending::Agreed,
        EndReason::Time => Ending::Time,
    };
    let seats = Seats::Online {
        remote: side.opponent(),
    };
    let friend = session.peer_name().unwrap_or("Friend").to_string();
    let kept = KeptGame {
        id: match session.round() {
            1 => session.secret().to_hex(),
            // A rematch over the same connection: a game of its own.
            round => format!("{}r{round}", session.secret().to_hex()),
        },
        game: session.game().clone(),
        seats,
        names: KeptGame::names(seats, name, Some([friend.clone(), friend])),
        result: Some(result),
        ending,
        ended_at: KeptGame::now(),
        clocks: None,
        move_clocks: Vec::new(),
        rated: None,
    };
    match hive_db::Database::open_kept(&dir).and_then(|mut db| db.keep(&kept)) {
        Ok(_) => eprintln!(
            "kept with your games in {}",
            hive_db::Database::kept_path(&dir).display()
        ),
        Err(e) => eprintln!("the game could not be kept with your games: {e}"),
    }
}

/// What of the session the file last saved.
type Mark = (bool, u32, u64, Option<(GameResult, EndReason)>, bool);

/// One side's resume file, saved whenever the game changes.
pub(super) struct Keeper {
    path: PathBuf,
    kept: Resume,
    saved: Option<Mark>,
    warned: bool,
}

impl Keeper {
    fn new(path: PathBuf, kept: Resume) -> Keeper {
        Keeper {
            path,
            kept,
            saved: None,
            warned: false,
        }
    }

    /// (Host, local mode) the port bound, kept from now on.
    pub(super) fn set_port(&mut self, port: u16) {
        self.kept.port = port;
    }

    /// Saves the session's game if it changed since the last save (the
    /// first call always saves: before the invitation is printed or
    /// dialled, so a restart has the same key). A failed save is said
    /// once, and the game goes on.
    pub(super) fn update(&mut self, session: &Session) {
        let game = session.game();
        let mark = (
            session.started(),
            game.ply(),
            game.hash(),
            session.result(),
            session.peer_saw_end(),
        );
        if self.saved.as_ref() == Some(&mark) {
            return;
        }
        if session.started() {
            self.kept.started = true;
            self.kept.settings = session.settings().cloned();
            self.kept.game = Some(game.game_string());
        }
        self.kept.result = session.result();
        self.kept.confirmed = self.kept.confirmed || session.peer_saw_end();
        self.save();
        self.saved = Some(mark);
    }

    /// [`Keeper::update`], then our own move just played (`<ply> <move>`)
    /// shown on `out`: shown only once kept, so a move shown is the game's
    /// even if the program is killed right after (shown first, a restart
    /// could choose that ply again).
    pub(super) fn update_then_show(
        &mut self,
        session: &Session,
        own_move: Option<(u32, String)>,
        out: &mut impl Write,
    ) {
        self.update(session);
        if let Some((ply, played)) = own_move {
            let _ = writeln!(out, "{ply} {played}");
        }
    }

    /// The game is finished here (its GameString printed): a host's next
    /// start hosts a new game.
    pub(super) fn close(&mut self) {
        self.kept.closed = true;
        self.save();
    }

    fn save(&mut self) {
        if let Err(e) = self.kept.save(&self.path)
            && !self.warned
        {
            self.warned = true;
            eprintln!("the game cannot be kept for resuming: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::{self, Write};
    use std::path::PathBuf;

    use hive_rules::{Color, Game, GameType};

    use super::Keeper;
    use crate::invite::Secret;
    use crate::protocol::{GameSettings, HouseRules};
    use crate::resume::Resume;
    use crate::session::{Seat, Session};

    /// Output that, at each write, reads the resume file as it is then.
    struct Witness {
        path: PathBuf,
        kept_at_write: Vec<Option<String>>,
    }

    impl Write for Witness {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let kept = Resume::load(&self.path).ok().flatten();
            self.kept_at_write.push(kept.and_then(|kept| kept.game));
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn our_own_move_is_in_the_resume_file_before_it_is_shown() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("host.json");
        let secret = Secret::random();
        let settings = GameSettings {
            game_type: "Base+MLP".into(),
            host_side: Color::White,
            clock: None,
            house_rules: HouseRules::default(),
            host_name: "host".into(),
            joiner_name: "joiner".into(),
            round: 1,
        };
        let kept = Resume {
            host: true,
            name: "host".into(),
            secret: secret.to_hex(),
            key: "00".repeat(32),
            port: 0,
            invitation: None,
            settings: Some(settings.clone()),
            started: true,
            game: None,
            result: None,
            confirmed: false,
            closed: false,
        };
        let mut keeper = Keeper::new(path.clone(), kept);
        let mut game = Game::new(GameType::ALL);
        let first = game.parse_move("wS1").expect("a legal first move");
        game.play(first).expect("played");
        let session =
            Session::resumed(Seat::Host, secret, "host", settings, game).expect("resumed");
        let mut out = Witness {
            path,
            kept_at_write: Vec::new(),
        };
        keeper.update_then_show(&session, Some((1, "wS1".into())), &mut out);
        assert!(!out.kept_at_write.is_empty(), "the move was shown");
        for kept in &out.kept_at_write {
            let game = kept
                .as_deref()
                .expect("the game was kept before the move was shown");
            assert!(game.ends_with(";wS1"), "{game}");
        }
    }
}
