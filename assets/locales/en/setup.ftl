# A position set up by hand: why it could not arise in a game, one message
# per problem the editor finds, keyed setup-<the problem in kebab case>.
# Pieces come as $piece (and $missing) with -name, -gender and -notation
# variants; sides as $color (and $to-move, $winner); counts are numbers
# ($turn, $turns, $pieces, $groups, $pairs), for plurals.

setup-empty-board-later = The board is empty, so it is White's first turn (White[1]), not { $to-move-code ->
    [white] White
   *[black] Black
}[{ $turn }].
setup-not-in-game = { $piece } is on the board, but a { $game-type } game has no { $bug }: take it off, or choose a game type with it.
setup-out-of-order = { $piece } is on the board but { $missing } is not: pieces of one kind come into play in number order, so { $missing-notation } comes first.
setup-not-one-hive = The pieces form { $groups } separate groups: in Hive all the pieces touch, as one hive.
setup-cannot-climb = { $piece } is on top of another piece, but only a Beetle (or a Mosquito next to one) can climb onto the hive.
setup-climbed-without-queen = { $piece } is on top of the hive, but { $color }'s Queen is not on the board: a piece climbs only by moving, and nothing moves before its side's Queen is placed.
setup-mosquito-without-beetle = { $piece } is on top of the hive, but no Beetle is on the board: a Mosquito climbs only by copying a Beetle it touches, and pieces never leave the board.
setup-queen-first = { $color }'s only piece is its Queen, but no side may place its Queen on its first turn.
setup-too-many-pieces = { $color } has { $pieces ->
    [one] 1 piece
   *[other] { $pieces } pieces
} on the board but has had only { $turns ->
    [one] 1 turn
   *[other] { $turns } turns
} so far: a side brings in at most one piece a turn. Set a later turn, or take pieces off.
setup-missing-pieces = { $color }'s Queen is not on the board, so nothing of { $color }'s has moved and each of its { $turns ->
    [one] 1 turn
   *[other] { $turns } turns
} placed a piece: it should have { $turns } on the board, not { $pieces }.
setup-queen-late = { $color } has had { $turns ->
    [one] 1 turn
   *[other] { $turns } turns
} without placing its Queen: the Queen must be on the board by the end of its side's fourth turn.
setup-touching-before-queens = Neither Queen is on the board, so no piece has moved yet: a piece comes in touching only its own colour, and only the two first pieces touch across colours. Here { $pairs } White-Black pairs touch.
setup-queen-surrounded = { $color }'s Queen is surrounded: the game is already over ({ $winner } has won).
setup-both-queens-surrounded = Both Queens are surrounded: the game is already over (a draw).

## Why no GameString can be written. $first: the first problem, in words;
## $tries: positions the search looked at.

setup-unreachable-problems = This position cannot arise in a game: { $first }
setup-unreachable-not-found = No game of legal moves was found that reaches this position ({ $tries } positions tried), so it cannot be written as a GameString or played. Pieces may be walled in where none could have moved, or the turn may be too early for the moves it needs.

## The game found reaches the position at another turn. $turn: the turn
## reached; $requested: the turn asked for.

setup-reached-sooner = The position is reached at turn { $turn } rather than { $requested }: no game found here gets there sooner.
setup-reached-later = The position is reached at turn { $turn } rather than { $requested }: no game found here gets there that late.
