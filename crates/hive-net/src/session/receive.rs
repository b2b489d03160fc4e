//! Taking the peer's messages: the handshake, the settings, the game's
//! messages, each checked before it changes anything.

use super::*;

impl Session {
    pub(super) fn dispatch(&mut self, message: Message) -> Result<Vec<SessionEvent>, PeerError> {
        match self.stage {
            Stage::Disconnected | Stage::Closed => Err(PeerError::OutOfOrder {
                expected: "nothing",
                got: message.kind(),
            }),
            Stage::AwaitHello => self.on_hello(message),
            Stage::AwaitWelcome => self.on_welcome(message),
            Stage::AwaitSettings => self.common(message, |s, m| match m {
                Message::Settings(settings) => s.on_settings(settings),
                // The host's game had started: we lost ours (restarted
                // without it), and take its game as ours.
                Message::Sync {
                    game,
                    settings: Some(settings),
                } if s.seat == Seat::Joiner && s.settings.is_none() => s.adopt(settings, &game),
                other => Err(PeerError::OutOfOrder {
                    expected: "settings",
                    got: other.kind(),
                }),
            }),
            Stage::AwaitAccept => self.common(message, |s, m| match m {
                Message::Accept => {
                    s.started = true;
                    s.stage = Stage::Playing;
                    s.tell_the_friend_secret();
                    let side = s.my_side().unwrap_or(Color::White);
                    Ok(vec![SessionEvent::Started { side }])
                }
                Message::Decline => {
                    s.stage = Stage::Closed;
                    Ok(vec![SessionEvent::Declined])
                }
                // A joiner that accepted before we restarted says its game
                // (none yet) before it has our settings again.
                Message::Sync { game, .. }
                    if read_peer_game(&s.game, &game).is_ok_and(|g| g.ply() == 0) =>
                {
                    Ok(vec![])
                }
                // A joiner still at the last game's end (the agreed rematch
                // lost with the connection) says it; our settings follow.
                Message::Sync { .. }
                | Message::GameOver { .. }
                | Message::RematchOffer
                | Message::RematchAnswer { .. }
                    if s.round() > 1 =>
                {
                    Ok(vec![])
                }
                other => Err(PeerError::OutOfOrder {
                    expected: "accept",
                    got: other.kind(),
                }),
            }),
            Stage::Playing => self.common(message, Session::on_game_message),
        }
    }

    /// Messages any stage after the handshake takes, then `rest`.
    fn common(
        &mut self,
        message: Message,
        rest: impl FnOnce(&mut Session, Message) -> Result<Vec<SessionEvent>, PeerError>,
    ) -> Result<Vec<SessionEvent>, PeerError> {
        match message {
            Message::Ping { n } => {
                self.outbox.push(Message::Pong { n });
                Ok(vec![])
            }
            Message::Pong { n } => Ok(vec![SessionEvent::Pong(n)]),
            Message::Chat { text } => {
                let chars = text.chars().count();
                if chars > MAX_CHAT_CHARS {
                    return Err(PeerError::ChatTooLong { chars });
                }
                Ok(vec![SessionEvent::Chat(text)])
            }
            Message::Bye => {
                self.stage = Stage::Disconnected;
                Ok(vec![SessionEvent::PeerLeft])
            }
            other => rest(self, other),
        }
    }

    fn on_hello(&mut self, message: Message) -> Result<Vec<SessionEvent>, PeerError> {
        let Message::Hello {
            version,
            name,
            secret,
            role,
            ..
        } = message
        else {
            return Err(PeerError::OutOfOrder {
                expected: "hello",
                got: message.kind(),
            });
        };
        let refuse = |s: &mut Session, reason: &str| {
            s.outbox.push(Message::Refuse {
                reason: reason.into(),
            });
        };
        if version != PROTOCOL_VERSION {
            refuse(self, "version");
            return Err(PeerError::Version {
                theirs: clip(&version, 20),
            });
        }
        if !Secret::from_hex(&secret).is_some_and(|s| s.matches(&self.secret)) {
            refuse(self, "wrong-secret");
            return Err(PeerError::WrongSecret);
        }
        if role != Role::Player {
            refuse(self, "role");
            return Err(PeerError::Role);
        }
        let name = clip(&name, MAX_NAME_CHARS);
        self.peer_name = Some(name.clone());
        self.outbox.push(Message::Welcome {
            program: PROGRAM.into(),
            version: PROTOCOL_VERSION.into(),
            name: self.name.clone(),
        });
        if self.started {
            self.stage = Stage::Playing;
            self.resume();
        } else if let Some(settings) = self.settings.as_mut() {
            settings.joiner_name = name.clone();
            self.outbox.push(Message::Settings(settings.clone()));
            self.stage = Stage::AwaitAccept;
        }
        Ok(vec![SessionEvent::PeerJoined { name }])
    }

    /// After a reconnection: our game, and our result again if the game
    /// is over (the first game_over may have been lost with the connection).
    fn resume(&mut self) {
        // The host's says the settings too, for a joiner that lost its game.
        let settings = match self.seat {
            Seat::Host => self.settings.clone(),
            Seat::Joiner => None,
        };
        self.outbox.push(Message::Sync {
            game: self.game.game_string(),
            settings,
        });
        self.tell_the_friend_secret();
        if let Some((result, reason)) = self.result {
            self.outbox.push(Message::GameOver { result, reason });
        }
    }

    /// (Host) the next game's secret to the joiner, as the game starts
    /// and after each reconnection.
    fn tell_the_friend_secret(&mut self) {
        if let (Seat::Host, Some(secret)) = (self.seat, self.friend_secret) {
            self.outbox.push(Message::Friend {
                secret: secret.to_hex(),
            });
        }
    }

    fn on_welcome(&mut self, message: Message) -> Result<Vec<SessionEvent>, PeerError> {
        let name = read_welcome(message).inspect_err(|e| {
            if closes_handshake(e) {
                self.stage = Stage::Closed;
            }
        })?;
        self.peer_name = Some(name.clone());
        if self.started {
            self.stage = Stage::Playing;
            self.resume();
        } else {
            self.stage = Stage::AwaitSettings;
        }
        Ok(vec![SessionEvent::Welcomed { name }])
    }

    fn on_settings(&mut self, settings: GameSettings) -> Result<Vec<SessionEvent>, PeerError> {
        if self.settings.is_some() {
            return Err(PeerError::OutOfOrder {
                expected: "accept",
                got: "settings",
            });
        }
        let game = check_settings(&settings).map_err(|e| PeerError::BadSettings {
            detail: e.to_string(),
        })?;
        self.game = game;
        self.settings = Some(settings.clone());
        Ok(vec![SessionEvent::SettingsProposed(settings)])
    }

    fn on_game_message(&mut self, message: Message) -> Result<Vec<SessionEvent>, PeerError> {
        match message {
            Message::Move {
                ply,
                mv,
                hash,
                clock_ms,
            } => self.on_move(ply, &mv, &hash, clock_ms),
            Message::Sync { game, .. } => self.on_sync(&game),
            Message::SyncRequest => {
                self.outbox.push(Message::Sync {
                    game: self.game.game_string(),
                    settings: None,
                });
                Ok(vec![])
            }
            // The host restarted before it had our accept: the same game
            // proposed again, accepted again (nothing was played).
            Message::Settings(settings)
                if self.seat == Seat::Joiner
                    && self.game.ply() == 0
                    && self
                        .settings
                        .as_ref()
                        .is_some_and(|ours| same_game(ours, &settings)) =>
            {
                self.outbox.push(Message::Accept);
                Ok(vec![])
            }
            // A rematch agreed: the host's next game, taken at once (the
            // answer may have been lost with the connection), or proposed
            // as any game is when we never asked for one.
            Message::Settings(settings)
                if self.seat == Seat::Joiner
                    && self.result.is_some()
                    && self
                        .settings
                        .as_ref()
                        .is_some_and(|ours| same_game(&ours.rematch(), &settings))
                    && settings.round == self.round() + 1 =>
            {
                self.next_round(settings)
            }
            Message::RematchOffer => {
                if self.result.is_none() || self.their_rematch {
                    return Err(PeerError::NoSuchOffer);
                }
                if self.my_rematch {
                    // Both asked: agreed.
                    return Ok(self.agree_rematch());
                }
                self.their_rematch = true;
                Ok(vec![SessionEvent::RematchOffered])
            }
            Message::RematchAnswer { accept } => {
                if !self.my_rematch || self.result.is_none() {
                    return Err(PeerError::NoSuchOffer);
                }
                self.my_rematch = false;
                if accept {
                    Ok(self.agree_rematch())
                } else {
                    Ok(vec![SessionEvent::RematchDeclined])
                }
            }
            Message::Friend { secret } if self.seat == Seat::Joiner => {
                let secret = Secret::from_hex(&secret).ok_or(PeerError::Malformed {
                    detail: "a friend's secret is 32 hex digits".into(),
                })?;
                self.friend_secret = Some(secret);
                Ok(vec![])
            }
            Message::TakebackRequest { ply } => {
                self.check_not_over()?;
                if ply != self.game.ply() || ply == 0 || self.their_takeback.is_some() {
                    return Err(PeerError::NoSuchOffer);
                }
                self.their_takeback = Some(ply);
                Ok(vec![SessionEvent::TakebackRequested])
            }
            Message::TakebackAnswer { ply, accept } => {
                if self.my_takeback != Some(ply) {
                    return Err(PeerError::NoSuchOffer);
                }
                self.my_takeback = None;
                if !accept {
                    return Ok(vec![SessionEvent::TakebackDeclined]);
                }
                if self.game.ply() != ply || self.result.is_some() {
                    return Err(PeerError::NoSuchOffer);
                }
                self.game.undo();
                Ok(vec![SessionEvent::TakenBack {
                    ply: self.game.ply(),
                }])
            }
            Message::DrawOffer => {
                self.check_not_over()?;
                if self.their_draw_offer {
                    return Err(PeerError::NoSuchOffer);
                }
                self.their_draw_offer = true;
                Ok(vec![SessionEvent::DrawOffered])
            }
            Message::DrawAnswer { accept } => {
                self.check_not_over()?;
                if !self.my_draw_offer {
                    return Err(PeerError::NoSuchOffer);
                }
                self.my_draw_offer = false;
                if accept {
                    Ok(self.end(GameResult::Draw, EndReason::DrawAgreed, true))
                } else {
                    Ok(vec![SessionEvent::DrawDeclined])
                }
            }
            Message::Resign => {
                self.check_not_over()?;
                let winner = self.my_side().unwrap_or(Color::White);
                Ok(self.end(win_for(winner), EndReason::Resigned, true))
            }
            Message::GameOver { result, reason } => match self.result {
                Some((ours, _)) if ours == result => {
                    self.peer_result = Some(result);
                    Ok(vec![])
                }
                Some(_) => Err(PeerError::ResultDiffers),
                None if reason == EndReason::Time => {
                    self.peer_result = Some(result);
                    Ok(self.end(result, reason, true))
                }
                None if reason == EndReason::Rules => {
                    // The peer has moves we lack.
                    self.peer_result = Some(result);
                    self.outbox.push(Message::SyncRequest);
                    Ok(vec![])
                }
                None => Err(PeerError::ResultDiffers),
            },
            other => Err(PeerError::OutOfOrder {
                expected: "a game message",
                got: other.kind(),
            }),
        }
    }

    fn check_not_over(&self) -> Result<(), PeerError> {
        if self.result.is_some() {
            Err(PeerError::GameOver)
        } else {
            Ok(())
        }
    }

    /// A rematch agreed by both: the host proposes the next game at once
    /// (the joiner takes it when it comes, [`Session::next_round`]).
    pub(super) fn agree_rematch(&mut self) -> Vec<SessionEvent> {
        self.my_rematch = false;
        self.their_rematch = false;
        match (self.seat, self.settings.as_ref()) {
            (Seat::Host, Some(settings)) => {
                let next = settings.rematch();
                match check_settings(&next) {
                    Ok(game) => {
                        self.game = game;
                        self.settings = Some(next.clone());
                        self.started = false;
                        self.result = None;
                        self.peer_result = None;
                        if self.stage == Stage::Playing {
                            self.stage = Stage::AwaitAccept;
                            self.outbox.push(Message::Settings(next));
                        }
                    }
                    // The settings played once cannot fail the check.
                    Err(_) => return vec![],
                }
            }
            _ => self.rematch_agreed = true,
        }
        vec![SessionEvent::RematchAgreed]
    }

    /// (Joiner) the host's next game: started at once when we agreed to a
    /// rematch, else proposed like the first.
    fn next_round(&mut self, settings: GameSettings) -> Result<Vec<SessionEvent>, PeerError> {
        let game = check_settings(&settings).map_err(|e| PeerError::BadSettings {
            detail: e.to_string(),
        })?;
        self.game = game;
        self.settings = Some(settings.clone());
        self.result = None;
        self.peer_result = None;
        self.my_rematch = false;
        self.their_rematch = false;
        if std::mem::take(&mut self.rematch_agreed) {
            self.started = true;
            self.outbox.push(Message::Accept);
            let side = self.my_side().unwrap_or(Color::White);
            Ok(vec![SessionEvent::Started { side }])
        } else {
            self.started = false;
            self.stage = Stage::AwaitSettings;
            Ok(vec![SessionEvent::SettingsProposed(settings)])
        }
    }

    /// Ends the game; `announce` sends game_over to the peer (every end
    /// is announced, so each side knows when the other has it).
    pub(super) fn end(
        &mut self,
        result: GameResult,
        reason: EndReason,
        announce: bool,
    ) -> Vec<SessionEvent> {
        self.result = Some((result, reason));
        self.my_draw_offer = false;
        self.their_draw_offer = false;
        self.my_takeback = None;
        self.their_takeback = None;
        if announce {
            self.outbox.push(Message::GameOver { result, reason });
        }
        vec![SessionEvent::GameOver { result, reason }]
    }

    /// After a move: the game over by the rules, if it is.
    pub(super) fn after_move(&mut self) -> Vec<SessionEvent> {
        self.their_draw_offer = false;
        self.my_draw_offer = false;
        self.their_takeback = None;
        self.my_takeback = None;
        match result_of(self.game.status()) {
            Some(result) if self.result.is_none() => self.end(result, EndReason::Rules, true),
            _ => vec![],
        }
    }

    fn on_move(
        &mut self,
        ply: u32,
        mv: &str,
        hash: &str,
        clock_ms: Option<u64>,
    ) -> Result<Vec<SessionEvent>, PeerError> {
        let next = self.game.ply() + 1;
        if ply < next {
            return Ok(vec![SessionEvent::Duplicate { ply }]);
        }
        self.check_not_over()?;
        if ply > next {
            self.outbox.push(Message::SyncRequest);
            return Err(PeerError::PlyAhead {
                expected: next,
                got: ply,
            });
        }
        if self.peer_side() != Some(self.game.to_move()) {
            return Err(PeerError::OutOfTurn);
        }
        let (after, canonical) = play_peer_move(&self.game, ply, mv, hash, &mut self.outbox)?;
        self.game = after;
        self.peer_clock_ms = clock_ms;
        let mut events = vec![SessionEvent::Moved { ply, mv: canonical }];
        events.extend(self.after_move());
        Ok(events)
    }

    /// (Joiner, no game) the host's game and settings taken as ours: the
    /// game started, each of its moves reported, and our sync (level) sent
    /// back, which a resumed host waits for.
    fn adopt(
        &mut self,
        settings: GameSettings,
        text: &str,
    ) -> Result<Vec<SessionEvent>, PeerError> {
        let fresh = check_settings(&settings).map_err(|e| PeerError::BadSettings {
            detail: e.to_string(),
        })?;
        let theirs = read_peer_game(&fresh, text)?;
        let mut replay = fresh;
        let mut moved = Vec::new();
        for mv in theirs.moves() {
            let text = replay.move_string(mv);
            replay.play(mv).map_err(|rule| PeerError::IllegalMove {
                mv: text.clone(),
                rule,
            })?;
            moved.push(SessionEvent::Moved {
                ply: replay.ply(),
                mv: text,
            });
        }
        self.settings = Some(settings);
        self.game = replay;
        self.started = true;
        self.stage = Stage::Playing;
        let side = self.my_side().unwrap_or(Color::White);
        let mut events = vec![SessionEvent::Started { side }];
        events.extend(moved);
        events.push(SessionEvent::Synced {
            ply: self.game.ply(),
        });
        self.outbox.push(Message::Sync {
            game: self.game.game_string(),
            settings: None,
        });
        events.extend(self.after_move());
        Ok(events)
    }

    fn on_sync(&mut self, text: &str) -> Result<Vec<SessionEvent>, PeerError> {
        let theirs = read_peer_game(&self.game, text)?;
        // A resumed session's first sync may bring our own moves too.
        let ours_too = std::mem::take(&mut self.wait_peer_sync);
        let ours: Vec<Move> = self.game.moves().collect();
        let their_moves: Vec<Move> = theirs.moves().collect();
        for (i, (a, b)) in ours.iter().zip(&their_moves).enumerate() {
            if a != b {
                return Err(PeerError::SyncDiverges { ply: i as u32 + 1 });
            }
        }
        if their_moves.len() <= ours.len() {
            // Nothing we lack (the peer is behind or level: our own sync or
            // moves bring it up).
            return Ok(vec![]);
        }
        // Only the peer's own moves may come by sync.
        let peer = self.peer_side();
        let mut replay = self.game.clone();
        let mut events = Vec::new();
        for &mv in &their_moves[ours.len()..] {
            if !ours_too && Some(replay.to_move()) != peer {
                return Err(PeerError::SyncDiverges {
                    ply: replay.ply() + 1,
                });
            }
            let text = replay.move_string(mv);
            replay.play(mv).map_err(|rule| PeerError::IllegalMove {
                mv: text.clone(),
                rule,
            })?;
            events.push(SessionEvent::Moved {
                ply: replay.ply(),
                mv: text,
            });
        }
        self.game = replay;
        events.push(SessionEvent::Synced {
            ply: self.game.ply(),
        });
        events.extend(self.after_move());
        Ok(events)
    }
}

/// Whether two settings are the same game (the names aside).
fn same_game(a: &GameSettings, b: &GameSettings) -> bool {
    a.game_type == b.game_type
        && a.host_side == b.host_side
        && a.clock == b.clock
        && a.house_rules == b.house_rules
}
