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
editor-hand = { $color }'s hand
editor-hand-empty = Every piece is on the board.
editor-picked = Placing { $piece }: click a cell.
editor-no-problems = This position can arise in a game.
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
