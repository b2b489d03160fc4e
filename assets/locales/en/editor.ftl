# The position editor ("Set up a position"): its screen, its buttons and
# what it says. $piece and $by are pieces in words ("the white Ant (wA1)");
# $color a side; $game-type a game type as UHP writes it (Base+MLP).

editor-menu-button = Set up a position
editor-menu-tip = Put any pieces on a board, then play from the position, analyse it or copy it as a GameString
editor-edit-button = Edit position
editor-edit-tip = Change this position in the editor: add, move or take off pieces (Back returns here)
editor-title = Set up a position
editor-back = Back
editor-back-to-menu-tip = Back to the main menu
editor-back-to-game-tip = Back to the game, as you left it
editor-blurb = Click a piece in a hand, then a cell: it goes on top of what is there. Click a piece on the board to move it; right-click takes it off. Esc puts the picked piece down.
editor-to-move = To move:
editor-white = White
editor-black = Black
editor-turn = Turn:
editor-turn-tip = The turn of the side to move, counted per side from 1 (White[3] is White's third turn)
editor-expansions = Expansions:
editor-clear = Clear
editor-clear-tip = Take every piece off the board
editor-fit = Fit
editor-fit-tip = Frame the board around the pieces again (while you edit it stays put, growing only when the pieces no longer fit)
# A hand's slot whose pieces are all on the board; $bug: the bug in words, $count how many a side has.
editor-slot-empty-tip = { $bug }: { $count ->
    [one] on the board
   *[other] all { $count } on the board
}. Right-click one there to take it back
editor-hand = { $color }'s hand
editor-hand-empty = Every piece is on the board.
editor-picked = Placing { $piece }: click a cell.
editor-no-problems = No rule forbids this position. Play, Analyse and Copy look for a game that reaches it, and say so if that game gets there at another turn.
editor-problems = { $count ->
    [one] One thing makes this position impossible
   *[other] { $count } things make this position impossible
} (hover one to light its cells):
editor-opponent = Play against:
editor-opponent-human = A person at this screen
editor-opponent-ai-white = The AI, playing White
editor-opponent-ai-black = The AI, playing Black
editor-play = Play
editor-play-tip = Play on from this position (the AI at the difficulty chosen in the main menu)
editor-analyse = Analyse
editor-analyse-tip = The analysis board on this position: both sides at the screen, with the engine's verdict and best line
editor-copy = Copy GameString
editor-copy-tip = Copy the position as a GameString (a game of legal moves that reaches it), for Import or another Hive program
editor-not-ready-tip = First make the position one a game can reach (see what is wrong below the board)
editor-searching = Looking for a game that reaches this position…
editor-copied = Copied to the clipboard:
editor-refused-not-in-game = { $piece } is not in a { $game-type } game: tick its expansion first.
editor-refused-covered = { $piece } is under { $by }: take the pieces above it off first.
# The game found reaches the position at another turn than the one set
# ($requested): asked before it is played or analysed. $turn: its turn.
editor-other-turn-question = The game goes on from turn { $turn }, not { $requested }: the moves before it are a made-up game that gets there. Go on at turn { $turn }, or keep editing?
editor-other-turn-analyse = Analyse at turn { $turn }
editor-other-turn-play = Play at turn { $turn }
editor-other-turn-go-on-tip = Hand the position on as turn { $turn } (its move list is the game found)
editor-other-turn-back = Keep editing
editor-other-turn-back-tip = Back to the editor with the position as it is (change the turn, or the pieces)
