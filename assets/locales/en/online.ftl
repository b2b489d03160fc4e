# Online play: a game against a friend over the internet.

menu-online = Play a friend online
menu-online-tip = Host a game and send the invitation to a friend, or paste the one a friend sent you

online-title = Play a friend online
online-host = Host a game
online-join = Join a game
online-your-name = Your name:
online-name-hint = your name, as your friend will see it
online-default-name = A player
online-paste = Paste the invitation your friend sent:
online-join-button = Join
online-invite = Make the invitation
online-network = Network
online-local = This machine only
online-local-tip = For trying it out: two windows on this computer. Nothing leaves the machine (no relay, no address lookup, no port mapping).
online-relay = Relay:
online-relay-hint = empty: the public relays
online-relay-none-local = none: this machine only
online-local-this-run = On for this run: the game was started with --local (nothing leaves this machine).
online-expansions = Expansions:
online-you-take = You play:
online-clock = Clock:
online-no-clock = none
online-preparing = Getting the invitation ready…
online-send-this = Send this invitation to your friend (by any chat program):
online-copy = Copy
online-copy-link = Copy as a link
online-waiting-for-friend = Waiting for your friend…
online-friend-deciding = { $name } is here and looking at the settings…
online-connecting = Connecting…
online-still-dialling = Still trying to reach the host…
online-proposed = { $name } proposes { $game-type }, you play { $side }, clock: { $clock }.
online-accept = Accept
online-decline = Decline
online-resume = Go on with the game against { $name }
online-resume-tip = The online game kept from last time, at the move where it stopped: your friend goes on with it from their side too

online-panel-title = Online
online-your-friend = your friend
online-you = You
online-you-play = You play { $side } against { $name } ({ $their-side })
online-game-over = The game is over
online-your-move = Your move
online-their-move = { $name } to move
online-direct = direct
online-relayed = through a relay
online-connected = Connected, { $path }, { $ms } ms
online-reconnecting = Reconnecting (attempt { $attempt })…
online-draw-offered = { $name } offers a draw.
online-takeback-asked = { $name } asks to take back the last move.
online-draw-waiting = Waiting for { $name } to answer your draw offer…
online-takeback-waiting = Waiting for { $name } to answer your takeback request…
online-offer-draw = Offer a draw
online-ask-takeback = Ask to take back
online-ask-takeback-tip = Ask your friend to take back the last move (Undo asks the same)
online-resign = Resign
online-resign-sure = Really resign?
online-chat-hint = Say something
online-send = Send

online-peer-joined = { $name } joined
online-started = the game against { $name } starts
online-declined = { $name } declined the game
online-taken-back = the last move was taken back
online-takeback-declined = { $name } declined to take the move back
online-draw-declined = { $name } declined the draw
online-peer-left = { $name } left the game
online-connection-lost = the connection was lost: both boards stay as they are; reconnecting…
online-reconnected = connected again: the game goes on at the same move
online-not-playing = the online game is not in progress
online-not-your-turn = it is your friend's turn
online-move-refused = that move was refused by the online game
online-no-offer = there is no such offer to answer, or yours is still waiting
online-chat-too-long = a chat line has at most 280 characters
online-bad-settings = those settings cannot be played online
online-nothing-to-take-back = there is no move to take back
online-bad-invitation = that is not a Hive invitation (copy the whole line your friend sent)
# $what: the part of the invitation that cannot be read.
online-damaged-invitation = that invitation is damaged (its { $what }): copy the whole line your friend sent again
online-newer-invitation = that invitation was made by a newer version of Hive: update this game to join
# $reason: why the invitation was refused; $tries: how many tries in a row were refused.
online-refused-again = { $reason } (tried { $tries } times)
online-not-loopback = "this machine only" is on: that invitation is for another machine
online-no-network = the network could not be started
online-nothing-to-resume = there is no online game to go on with
online-resume-damaged = the online game kept from last time cannot be read

peer-malformed = your friend's program sent a message that cannot be read
peer-oversized = your friend's program sent a message far too long: the connection was closed
peer-unknown-message = your friend's program sent a message this version does not know
peer-wrong-secret = someone without this game's invitation tried to join, and was refused
peer-version = your friend's program speaks another version of online play: update both
peer-role = someone asked to watch, which this game does not offer
peer-refused = the host refused the connection: check the invitation
peer-out-of-order = your friend's program sent a message out of turn
peer-bad-settings = the host's game settings cannot be played
peer-ply-ahead = a move arrived ahead of its turn: the games are being brought together
peer-out-of-turn = your friend's program sent a move when it was not their turn
peer-bad-move = your friend's program sent a move that cannot be read
peer-illegal-move = your friend's move { $move } was refused: { $rule }
peer-hash-mismatch = the two boards differ: they are being brought together
peer-bad-sync = your friend's program sent a game that cannot be read
peer-sync-diverges = the two games went different ways: the connection was closed
peer-no-such-offer = an answer came to an offer nobody made
peer-chat-too-long = a chat line from your friend was too long
peer-flood = your friend's program sent too many messages: the connection was closed
peer-too-many-refused = your friend's program kept sending what this game refuses: the connection was closed
peer-game-over = a move came after the end of the game
peer-result-differs = your friend's program has another result for this game

game-help-friend-to-move = Your friend is choosing their move; the board is yours again when it arrives. Undo asks them to take back your last move.
game-help-friend-away = The connection to your friend is down: their move comes once it is back (both boards wait, the clocks stand still).
game-title-online = { $game-type } online: you play { $human }
over-resigned = { $side } resigned.
over-draw-agreed = A draw by agreement.
confirm-restart-online-text = Your friend is told you left. The game is kept: "Play a friend online" offers to go on with it, and so does "Resume last game" when no other game waits.
confirm-main-menu-online-text = Your friend is told you left. The game is kept: "Play a friend online" offers to go on with it, and so does "Resume last game" when no other game waits.
confirm-quit-online-text = Your friend is told you left. The game is kept: next time, "Play a friend online" offers to go on with it, and so does "Resume last game" when no other game waits.
confirm-load-online-text = The game you load takes this online game's place; your friend is told you left. The online game is kept to go on with.
notice-resumed-online = the online game as you left it
library-player-online = A friend online

# Watching: the host's watch-only invitation, and the watcher's side.
online-watch-this = Others can watch (they see every move and cannot play) with this invitation:
online-watchers = { $count ->
    [one] one person is watching
   *[other] { $count } people are watching
}
online-watcher-joined = { $name } is watching the game
online-watch-dialling = connecting to the game to watch it…
online-watch-host-left = the host has left: the game you watched stops here
online-watch-players = { $white } (White) against { $black } (Black)
game-title-watching = { $game-type } online: you are watching
peer-watcher-acted = a watcher tried to play or offer something, which watchers cannot do
game-help-watching-online = You are watching an online game: each move appears as it is played; the review bar steps back through the moves so far.

# A rematch after the end, and friends played before.
online-rematch = Rematch
online-rematch-tip = Another game with { $name }: the same settings, the colours swapped
online-rematch-offered = { $name } asks for a rematch (the same settings, the colours swapped).
online-rematch-waiting = Waiting for { $name } to answer your rematch…
online-rematch-declined = { $name } declined the rematch.
online-rematch-agreed = Rematch agreed: the next game is on its way.
online-next-proposed = { $name } proposes the next game: you play { $side }.
online-house-rules = House rules: { $rules }.
online-house-rules-none = none
online-house-draw-at = a draw at turn { $turn }
online-house-threefold = a draw on threefold repetition
online-house-no-queen-first = no Queen on the first turn
online-friends = Friends
online-friend-row = { $name }: { $date }, you { $result } ({ $games } { $games ->
    [one] game
   *[other] games
})
online-friend-won = won
online-friend-drew = drew
online-friend-lost = lost
online-play-again = Play again
online-play-again-host-tip = Waits for { $name }, who clicks Play again in their program (both open); you play { $side }
online-play-again-join-tip = Joins { $name }'s game once they click Play again in their program (both open)
online-friend-waiting = Waiting for { $name } to click Play again in their program…
online-friends-damaged = The friends list is damaged and left as it is ({ $error }): move friends.json out of the data folder to start a new one.
