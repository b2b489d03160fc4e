//! A match played pair by pair: the openings in pair order (from the seed
//! or a book), each pair on one of the seats (several at once on threads),
//! the results taken in pair order, the record kept after each, and a
//! pair's end free to stop the match (an SPRT's verdict).

use super::*;

/// Where one game at a time is played: player A and player B.
pub type Seat<'a> = (&'a mut Player, &'a mut Player);

/// Whether a match goes on after a pair of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterPair {
    /// Play the next pair (up to the match's number of games).
    Continue,
    /// Stop here (an SPRT reached a bound).
    Stop,
}

/// The match's openings in pair order, drawn from its seed or taken from
/// its book.
struct Openings {
    rng: StdRng,
    next: u32,
    pairs: u32,
    options: Options,
    game_type: GameType,
    plies: u32,
    book: Option<book::BookOpenings>,
}

impl Openings {
    fn new(config: &MatchConfig) -> Openings {
        Openings {
            rng: StdRng::seed_from_u64(config.seed),
            next: 0,
            pairs: config.games.div_ceil(2),
            options: Options {
                threefold_repetition: config.threefold_repetition,
                ..Options::default()
            },
            game_type: config.game_type,
            plies: config.opening_plies,
            book: config.book.clone(),
        }
    }

    /// The next pair's number and opening, while the match has pairs left.
    fn next_pair(&mut self) -> Option<(u32, Game)> {
        if self.next >= self.pairs {
            return None;
        }
        let opening = match &self.book {
            Some(book) => book.opening(self.next, self.options),
            None => random_opening(self.game_type, self.options, self.plies, &mut self.rng),
        };
        self.next += 1;
        Some((self.next - 1, opening))
    }
}

/// Plays pair `pair` (its games `2 pair + 1` and `2 pair + 2`) from
/// `opening`: first with A as White, then as Black, both players having
/// [forgotten](Player::forget) their earlier games. `recorded` holds what a
/// record has of the pair (none, one or both games, the last perhaps
/// unfinished): those moves are replayed first. `on_update` is told of every
/// move played (the game's index in the pair, 0 or 1, and the game so far)
/// and of each game's end.
fn play_pair(
    (a, b): Seat<'_>,
    config: &MatchConfig,
    (pair, opening): (u32, &Game),
    recorded: &[GameProgress],
    on_update: &mut dyn FnMut(usize, &GameProgress),
) -> Result<[GameRecord; 2], ResumeError> {
    a.forget();
    b.forget();
    let mut play = |k: usize, a_color: Color| -> Result<GameRecord, ResumeError> {
        let number = 2 * pair as usize + k + 1;
        let seed = config.seed ^ (u64::from(pair) << 8) ^ a_color.index() as u64;
        let (start, thinking) = match recorded.get(k) {
            Some(game) => {
                let start =
                    replay_game((&mut *a, &mut *b), opening, a_color, seed, (number, game))?;
                if let Some(result) = &game.result {
                    return Ok(GameRecord {
                        game_string: start.game_string(),
                        result: result.clone(),
                        a_color,
                        thinking: game.thinking,
                    });
                }
                (start, game.thinking)
            }
            None => (opening.clone(), [Thinking::default(); 2]),
        };
        let mut on_move = |game: &Game, thinking: &[Thinking; 2]| {
            let progress = GameProgress {
                game_string: game.game_string(),
                thinking: *thinking,
                result: None,
            };
            on_update(k, &progress);
        };
        let record = continue_game(
            (&mut *a, &mut *b),
            (start, thinking),
            a_color,
            config.max_plies,
            seed,
            &mut on_move,
        );
        on_update(
            k,
            &GameProgress {
                game_string: record.game_string.clone(),
                thinking: record.thinking,
                result: Some(record.result.clone()),
            },
        );
        Ok(record)
    };
    let first = play(0, Color::White)?;
    let second = play(1, Color::Black)?;
    Ok([first, second])
}

/// Sets game `index` of `progress` to `game`, or adds it when it is the
/// next one.
fn put_game(progress: &mut MatchProgress, index: usize, game: GameProgress) {
    match progress.games.get_mut(index) {
        Some(slot) => *slot = game,
        None => progress.games.push(game),
    }
}

/// Plays the match on from `progress` (empty: from the start) with one
/// seat per game played at once, a pair of games being the unit of work:
/// each seat's players play whole pairs, and the pairs are taken in order
/// whatever seat finished them first.
///
/// After each pair, `on_game` is called for its two games (the recorded ones
/// included; `on_game`'s index counts games from 1, its summary is the
/// match's so far), then `after_pair` with the pair's number (from 0) and
/// games, which can stop the match there. `on_progress` is called with
/// `progress` brought up to date: with one seat after every move played,
/// with more after every pair (only whole pairs, in order, are kept then;
/// the pairs under way when the match stopped are lost, the record stays
/// valid). The recorded games are played again ([`Player::replays`]), so a
/// stopped match ends as it would have without the stop.
///
/// The players forget everything before each pair ([`Player::forget`]), so
/// the games do not depend on the number of seats.
pub fn run_match(
    seats: Vec<Seat<'_>>,
    config: &MatchConfig,
    progress: &mut MatchProgress,
    mut on_game: impl FnMut(usize, &GameRecord, &Summary),
    mut after_pair: impl FnMut(u32, &[GameRecord; 2]) -> AfterPair,
    mut on_progress: impl FnMut(&MatchProgress),
) -> Result<Summary, ResumeError> {
    let pairs = config.games.div_ceil(2);
    if progress.games.len() > 2 * pairs as usize {
        return Err(ResumeError::TooManyGames {
            recorded: progress.games.len(),
            games: 2 * pairs,
        });
    }
    let mut summary = Summary::default();
    // A pair's games counted and reported, in order.
    let mut finish = |pair: u32, records: &[GameRecord; 2]| {
        for (k, record) in records.iter().enumerate() {
            summary.add(&record.result);
            on_game(2 * pair as usize + k + 1, record, &summary);
        }
        after_pair(pair, records)
    };
    let mut openings = Openings::new(config);
    let mut seats = seats;
    if seats.len() <= 1 {
        let Some((a, b)) = seats.pop() else {
            return Ok(Summary::default());
        };
        while let Some((pair, opening)) = openings.next_pair() {
            let base = 2 * pair as usize;
            let recorded: Vec<GameProgress> =
                progress.games.iter().skip(base).take(2).cloned().collect();
            let mut on_update = |k: usize, game: &GameProgress| {
                put_game(progress, base + k, game.clone());
                on_progress(progress);
            };
            let records = play_pair(
                (&mut *a, &mut *b),
                config,
                (pair, &opening),
                &recorded,
                &mut on_update,
            )?;
            if finish(pair, &records) == AfterPair::Stop {
                break;
            }
        }
        return Ok(summary);
    }

    let recorded = progress.games.clone();
    let openings = Mutex::new(openings);
    let stop = AtomicBool::new(false);
    let (done, finished) = mpsc::channel();
    let mut outcome = Ok(());
    thread::scope(|scope| {
        for (a, b) in seats {
            let done = done.clone();
            let (openings, stop, recorded) = (&openings, &stop, &recorded);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let next = openings
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .next_pair();
                    let Some((pair, opening)) = next else { break };
                    let base = (2 * pair as usize).min(recorded.len());
                    let end = (base + 2).min(recorded.len());
                    let played = play_pair(
                        (&mut *a, &mut *b),
                        config,
                        (pair, &opening),
                        &recorded[base..end],
                        &mut |_, _| {},
                    );
                    if done.send((pair, played)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done);
        // Pairs finished out of order wait here for the ones before them.
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (pair, played) in finished {
            waiting.insert(pair, played);
            while let Some(played) = waiting.remove(&next) {
                next += 1;
                if stop.load(Ordering::Relaxed) {
                    continue;
                }
                let records = match played {
                    Ok(records) => records,
                    Err(error) => {
                        outcome = Err(error);
                        stop.store(true, Ordering::Relaxed);
                        continue;
                    }
                };
                let base = 2 * (next - 1) as usize;
                for (k, record) in records.iter().enumerate() {
                    let game = GameProgress {
                        game_string: record.game_string.clone(),
                        thinking: record.thinking,
                        result: Some(record.result.clone()),
                    };
                    put_game(progress, base + k, game);
                }
                on_progress(progress);
                if finish(next - 1, &records) == AfterPair::Stop {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    outcome.map(|()| summary)
}
