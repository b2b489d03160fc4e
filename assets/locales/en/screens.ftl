# The other panels and screens: the game library, Learn to play, Puzzles,
# the analysis and review panels, the exhibition bar, the records'
# dialogs, the move list, the hands, the stack inspector and the legend.

## The game library ("Games"): a table of the game records of a folder.

library-back = Back
library-back-tip = To the main menu
library-title = Games
# Where the folder would be named when none is open.
library-no-folder = no folder
library-choose-folder = Choose folder…
library-choose-folder-tip = Show the records (.sgf, .pgn, .txt) of another folder
library-picker-title = Choose a folder of game records
library-read-again = Read again
library-read-again-tip = List the folder's records again
library-player = Player
library-player-hint = any player
library-player-tip = Show only the games of players whose name contains this
library-open = Open
library-open-tip = Show the game on the board, in review (or double-click it)
library-review = Review with the engine
library-review-tip = Open the game and have the engine grade every move, with the evaluation graph
# $count: the records listed.
library-games = { $count ->
    [one] 1 game
   *[other] { $count } games
}
# $shown: the records the player filter lets through, of $count.
library-games-shown = { $shown } of { $count ->
    [one] 1 game
   *[other] { $count } games
}
# $games: one of the two messages above; $count: the records that could not be read.
library-games-unreadable = { $games }, { $count } unreadable
# The progress bar while the folder is read.
library-reading = read { $read } of { $total }
library-listing = listing the folder…
# The table's column headings, and their tooltips (a click sorts by the column).
library-column-white = White
library-column-black = Black
library-column-date = Date
library-column-game = Game
library-column-result = Result
library-column-moves = Moves
library-column-file = File
library-sort-white = Sort by white
library-sort-black = Sort by black
library-sort-date = Sort by date
library-sort-game = Sort by game
library-sort-result = Sort by result
library-sort-moves = Sort by moves
library-sort-file = Sort by file
# The Result column of a game with no result, and of a record that could not be read.
library-unfinished = unfinished
library-unreadable = unreadable
# The players of this program's own saved games, which name nobody: the
# seat of each side. $difficulty: a preset's name.
library-player-you = You
library-player-ai = AI ({ $difficulty })
library-player-person = A person
library-empty = No game records here: choose a folder of .sgf, .pgn or .txt games.

## The move list, in the right panel.

moves-title = Moves
# How the game stands, above the moves. $color: the side to move.
moves-turn = Turn { $turn }, { $color } to move
moves-white-wins = White wins
moves-black-wins = Black wins
moves-draw = A draw
# $turn: the turn in UHP notation (White[3]).
moves-uhp-tip = In UHP notation: { $turn }
# A record's players ($name: "?" when the record has none).
moves-white-player = White: { $name }
moves-black-player = Black: { $name }
# A record's result.
moves-result-white = White won
moves-result-black = Black won
moves-result-draw = Drawn
# A move's tooltip; after the engine's review, with its class ($class, a
# review-class-* message) and the engine's move ($best, a MoveString).
moves-tip = Show the position after this move (right click: more)
moves-verdict-tip = { $class }: show the position after this move (right click: more)
moves-verdict-best-tip = { $class }, the engine plays { $best }: show the position after this move (right click: more)
# A move's right-click menu.
moves-promote = Make this the main line
moves-delete = Delete from here

## The stack inspector, in the left panel and as a tooltip over stacks.

inspector-title = Stack inspector
inspector-empty = Point at a piece to see its stack.
inspector-count = { $count ->
    [one] 1 piece, top first:
   *[other] { $count } pieces, top first:
}
# One piece of the stack: $piece its notation (wA1), $bug its bug's name.
inspector-top = { $piece } ({ $bug }), top
inspector-under = { $piece } ({ $bug }), under

## The legend of the marks on the board, in the left panel, and the tooltip
## naming the marks on the cell under the pointer.

legend-title = Marks on the board
legend-selected = The piece you selected
legend-destination = A cell it can go to: click it (or drop the piece there)
legend-movable = A piece that can move this turn
legend-last-move = Where the last move started and ended
legend-throwable = A piece the Pillbug can throw: click it, then the cell it lands on
legend-considered = A cell the AI looked at before moving (not for clicking)

## The engine's review of a game (over the left panel): the evaluation
## graph, each player's summary and the verdict on the move shown. Scores
## ($score, $after, $before) come as the engine writes them: +1.25, -0.40,
## #3 (a forced win in 3 moves), 1-0.

review-title = Engine review
review-progress = The engine looks at every position: { $done } of { $total }
review-cancel = Cancel
review-cancel-tip = Stop the review
review-off-line = This position is off the reviewed line.
review-click-hint = Click the graph or a move to see the engine's verdict.
review-close = Close the review
review-close-tip = Hide the graph and the marks in the move list; the review stays kept with the game, and "Review with the engine" shows it again without a new search
# The graph's tooltip: $ply, the moves played.
review-graph-tip = after move { $ply }: { $score }
# The summary's headings (?!, ?, ?? and "loss") and their tooltips.
review-loss = loss
review-loss-tip = loss: the average of what each move gave away against the engine's best move (1.00 is about a piece's worth)
# The summary's rows.
review-white = White
review-black = Black
# A move's class, as the verdict and the move list name it.
review-class-best = best
review-class-good = good
review-class-inaccuracy = inaccuracy
review-class-mistake = mistake
review-class-blunder = blunder
# $class: one of the review-class-* messages.
review-verdict = { $class }: { $after } (was { $before })
review-engine-choice = The engine's own choice.
# $loss: what the move gave away (1.00 is about a piece); $best: the engine's move, a MoveString.
review-lost = Lost { $loss }. The engine plays { $best } (the arrow on the board).
review-lost-tip = How much of the evaluation the move gave away against the engine's move (1.00 is about a piece's worth)
review-lost-mate = A forced win or loss changed hands with it. The engine plays { $best } (the arrow on the board).
# Why the move shown is worse: the facts along the engine's lines
# (why-*.ftl), the move played's first, then the engine's move's ($best).
review-why = Why:
review-why-better = With { $best } instead:
review-why-none = Along the engine's lines the Queens, gates, climbers and pins stay as they are: the difference is in how freely the pieces move, which the evaluation weighs.
review-play-line = Play the engine's line
review-play-line-tip = Add the engine's line here as a variation and go to its first move
# What the review's marks mean (tooltips). $mark: the class's symbol
# (?!, ?, ??); $from, $to: losses on the engine's scale (1.00 is about a
# piece's worth); $meaning: one of the review-mark-* messages.
review-mark-best = The engine's own choice.
review-mark-good = A good move: it gave away at most { $to } of the evaluation.
review-mark-inaccuracy = { $mark } an inaccuracy: the move gave away { $from } to { $to } of the evaluation (1.00 is about a piece's worth).
review-mark-mistake = { $mark } a mistake: the move gave away { $from } to { $to } of the evaluation (1.00 is about a piece's worth).
review-mark-blunder = { $mark } a blunder: the move gave away { $from } or more of the evaluation, threw away a forced win, or walked into a forced loss.
review-count-tip = How many moves of each side carry this mark. { $meaning }
# $after, $before: score-* messages.
review-verdict-tip = After the move: { $after }. Before it: { $before }.
## A score in White's view explained (tooltips). $score: as shown (+1.25,
## #-1, 1-0); $units: the lead without its sign; $moves: the winner's moves.
score-level = { $score }: level, neither side is ahead
score-white-ahead = { $score }: White is ahead by about { $units } pieces' worth
score-black-ahead = { $score }: Black is ahead by about { $units } pieces' worth
score-white-mates = { $score }: White wins in { $moves ->
    [one] 1 of its moves
   *[other] { $moves } of its moves
}, whatever Black plays
score-black-mates = { $score }: Black wins in { $moves ->
    [one] 1 of its moves
   *[other] { $moves } of its moves
}, whatever White plays
score-white-won = { $score }: White has won
score-black-won = { $score }: Black has won

## The Puzzles screen, and the puzzle bar over the board while one is
## solved. A puzzle's title and hint come from the puzzle files.

puzzles-title = Puzzles
# $done: the puzzles solved, of $count.
puzzles-progress = { $done } of { $count } solved
puzzles-blurb = Each puzzle has one first move that wins (or stops the win) by force, proved by the engine. Play it on the board: the engine defends, or shows why a move fails.
puzzles-next-unsolved = Next unsolved
puzzles-next-unsolved-tip = The first puzzle you have not solved yet
# The levels, as the list's headings.
puzzles-level-easy = Easy
puzzles-level-medium = Medium
puzzles-level-hard = Hard
# What a puzzle asks, within $count of the player's moves.
puzzles-kind-win = win in { $count }
puzzles-kind-stop = stop a win in { $count }
# The trick a puzzle is about, after what it asks ($kind): "win in 2, pillbug".
puzzles-kind-theme = { $kind }, { $theme }
puzzles-theme-pillbug = pillbug
puzzles-theme-mosquito = mosquito
# A solved puzzle's tooltip: $title, the puzzle's title.
puzzles-solved-tip = { $title } (solved)
# The bar while a puzzle is solved: $color, the side to move; $kind, what
# the puzzle asks (puzzles-kind-*); $count, the player's moves left.
puzzles-status = { $color } to move, { $kind } ({ $count ->
    [one] 1 move left
   *[other] { $count } moves left
})
puzzles-solved = Solved!
puzzles-failed = Not this move
puzzles-hint = Hint
puzzles-hint-tip = First a clue, then the piece to play
puzzles-retry = Retry
puzzles-retry-tip = The puzzle again from its position
puzzles-next = Next
puzzles-next-tip = The next puzzle you have not solved
puzzles-all = All puzzles
puzzles-all-tip = Back to the list

## The Learn to play screen, and the lesson bar while a lesson is on the
## board. The lessons' titles, steps and hints come from the lesson files.

lessons-title = Learn to play
# $done: the lessons finished, of $count.
lessons-progress = { $done } of { $count ->
    [one] 1 lesson
   *[other] { $count } lessons
} finished
lessons-blurb = Short lessons on the board: each step asks for one move and the rules check it. Take them in order, or any one again.
# A lesson's tooltip: how many steps it has.
lessons-steps-tip = { $count ->
    [one] 1 step
   *[other] { $count } steps
}
lessons-steps-finished-tip = { $count ->
    [one] 1 step
   *[other] { $count } steps
}, finished
lessons-step = step { $step } of { $count }
# $hint: the step's hint, from the lesson file.
lessons-hint = Hint: { $hint }
lessons-show-me = Show me
lessons-show-me-tip = The engine plays a move that does what the step asks (a step it does is not yours: the lesson is ticked only when your own moves did every step)
lessons-retry = Retry
lessons-retry-tip = This step again from its position
# The button to the next step: Skip while the step is not done, Next after.
lessons-skip = Skip
lessons-next = Next
lessons-next-tip = On to the next step (from your own board when the step goes on from it)
lessons-all = All lessons
lessons-all-tip = Back to the list

## The records' dialogs: the file picker's titles and filters (Save, Load)
## and the Import dialog.

dialog-save = Save game
dialog-save-variations = Save game with variations
dialog-save-pgn = Save game as PGN
dialog-load = Load game
dialog-filter-games = Hive games (.txt)
dialog-filter-pgn = PGN (.pgn)
dialog-filter-records = Game records (.txt, .sgf, .pgn)
dialog-import-title = Import a game
# Two lines; $example: a GameString.
dialog-import-paste = Paste a GameString (Ctrl+V), like { $example },
dialog-import-paste-more = a saved file of variations (all its lines), or a boardspace .sgf or PGN record.
dialog-import = Import
dialog-cancel = Cancel

## The engine's verdict on a position in words (the analysis panel, the
## exhibition's evaluation bar). $color: the side ahead; $color-code: white
## or black.

# $count: the moves (plies) within which the side wins.
eval-wins = { $color } wins within { $count ->
    [one] 1 move
   *[other] { $count } moves
}
eval-level = level
eval-tip = The engine's estimate of who is ahead, 1.00 being about a piece's worth; "wins within" some moves: a forced win it has found.
# $score: how far ahead, as the engine counts (1.00 is about a piece).
eval-ahead = { $color } +{ $score }

## The analysis board's panel. Its moves are MoveStrings.

analysis-title = Analysis
# After the verdict (eval-*): how deep the engine has looked.
analysis-depth = depth { $depth }
analysis-depth-tip = Depth { $depth }: the engine looked { $depth } moves ahead, each side's move counting as one.
analysis-no-move = no move: the game is over
analysis-game-over = The game is over here.
analysis-thinking = The engine is thinking…
analysis-top = Top { $count } moves
analysis-top-tip = Also the next best moves, with their scores and lines (slower)
analysis-stop = Stop analysis
analysis-play-line-tip = Play the line up to this move
analysis-play-line-disabled-tip = Moves are played on your turn (in review: Continue from here)

## The bar over the board: an AI vs AI exhibition's controls and evaluation
## bar, or the Hint button.

# $white, $black: each AI's difficulty (difficulty-*).
exhibition-title = AI vs AI: White { $white }, Black { $black }
exhibition-play = Play
exhibition-pause = Pause
exhibition-step = Step
exhibition-step-tip = Pause, and play one move
exhibition-restart = Restart
# Beside the speed slider: the pace chosen ($pace, moves a minute).
exhibition-pace = { $pace } moves/min
exhibition-speed-tip = How fast the AIs play, in moves a minute
exhibition-paused = paused
# $verdict: an eval-* message; $color: the side whose AI searched;
# $difficulty: its difficulty (difficulty-*); $depth: how deep it looked.
exhibition-evaluation = { $verdict } ({ $color }'s search, { $difficulty }, depth { $depth })
exhibition-no-evaluation = no evaluation yet
exhibition-evaluation-tip = Who the AI's latest search thinks is ahead
exhibition-hint = Hint
exhibition-hint-tip = Ask the AI for a move: its piece and destination are highlighted

## The hands, in the side panels.

# The heading of the side to move ($color).
hand-to-move = ▶ { $color } to move
# The heading of the other side.
hand-white = White
hand-black = Black
hand-count = In hand: { $count }
# A stack's tooltip: $bug, the bug's name; $count, how many are left.
hand-stack-tip = { $bug } ({ $count } left)

## The Games screen's "Your games" tab: every game the player finished,
## kept as theirs.
your-games-tab = Your games
your-games-any = any
your-games-win = Won
your-games-draw = Drawn
your-games-loss = Lost
your-games-unfinished = Unfinished
your-games-ending-rules = On the board
your-games-ending-resigned = Resigned
your-games-ending-time = On time
your-games-ending-agreed = Draw agreed
your-games-ending-unfinished = Left unfinished
your-games-watched = watched
your-games-both = both
your-games-at-this-screen = At this screen
your-games-opponent = Opponent
your-games-result = Result
your-games-type = Type
your-games-level = AI level
your-games-type-hint = any (e.g. Base+MLP)
your-games-from = From
your-games-to = To
your-games-date-hint = any (e.g. 2026-12)
# $count: the games kept.
your-games-count = { $count ->
    [one] 1 game kept
   *[other] { $count } games kept
}
# $shown: the games the filter lets through, of $count.
your-games-shown = { $shown } of { $count ->
    [one] 1 game kept
   *[other] { $count } games kept
}
your-games-export = Export all…
your-games-export-tip = Write every game you kept to one PGN file (the game reads it back, and so do Mzinga and other Hive programs)
your-games-keep-watched = Keep games I watch
your-games-keep-watched-tip = Games you watch online (and finish watching) are kept here too, with both players named
your-games-export-title = Export your games
# $count: the games written; $file: the file.
your-games-exported = { $count ->
    [one] 1 game written to { $file }
   *[other] { $count } games written to { $file }
}
your-games-none = No games yet: every game you finish, against the AI, a friend at this screen or online, is kept here at its last move.
your-games-when = When
your-games-side = You played
your-games-how = How it ended
your-games-turns = Turns
your-games-review = Review
your-games-review-tip = Open the game on the board, to step through it, analyse it or play on from any move
your-games-forget = Forget
your-games-forget-tip = Remove this game from your games (asks first)
your-games-forget-title = Forget this game?
your-games-forget-text = It will be removed from your games and from their counts in the explorer. This cannot be undone.
your-games-cancel = Cancel
# $reason: why the game could not be stored (it waits, and is stored at the next start).
kept-failed = The game could not be kept in your games yet ({ $reason }); it waits beside the autosave and is kept at the next start.
# $won, $drawn, $lost: games.
your-games-score = { $won } won, { $drawn } drawn, { $lost } lost
# $score: the player's score in all.
your-games-results = Your results: { $score }
# $count: games in a row; $outcome: Won, Drawn or Lost.
your-games-streak = Latest run: { $outcome } { $count ->
    [one] once
   *[other] { $count } in a row
}
# $count: wins in a row.
your-games-best-streak = Longest run of wins: { $count }
your-games-by-level = Against the AI, by level
your-games-by-opponent = By opponent
# The player's games file cannot be read ($file: its path, $reason: what SQLite said).
your-games-damaged = Your games file { $file } is damaged ({ $reason }). It is left as it is: the games in it are not touched, and each game you finish now waits beside the autosave until it can be kept. To see the problems, run `hive db check --mine`; to start a new file, move this one out of the data folder (the waiting games go into the new one at the next start).
