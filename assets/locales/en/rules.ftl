# Why a move is illegal: one message per rule of the rules engine, keyed
# rule-<the rule's name in kebab case>. Pieces come as $piece, $piece-name,
# $piece-gender, $piece-notation (and likewise $by, $touching, $expected,
# $queen, $pillbug); sides as $color, $color-code (and $owner, $to-move);
# bugs as $bug, $bug-plural, $bug-gender; $cell is a place with its
# notation ("next to the black Pillbug, on its lower left (/bP)").

rule-game-over = the game is over
rule-not-your-piece = { $piece } belongs to { $owner }, and it is { $to-move }'s turn
rule-bug-not-in-game = there is no { $bug } in this game
rule-none-left-in-hand = { $color } has no { $bug-plural } left in hand
rule-wrong-piece-number = place { $expected } before { $piece }: pieces of one kind are placed in number order
rule-queen-on-first-turn = { $piece } may not be placed on { $color }'s first turn (tournament rule)
rule-queen-by-fourth-turn = it is { $color }'s fourth turn and { $queen } is still in hand: it must be placed now, before { $piece }
rule-queen-not-placed = { $piece } cannot move yet: { $queen } must be placed first
rule-first-piece-at-origin = the first piece goes in the middle of the table
rule-not-there = { $piece } is not on that cell
rule-place-on-occupied = { $piece } cannot be placed { $cell }: pieces are never placed on top of others
rule-place-not-next-to-first = { $piece } cannot be placed { $cell }: the second piece of the game goes next to the first
rule-place-next-to-opponent = { $piece } cannot be placed { $cell }: it would touch { $touching }, an opponent's piece
rule-place-not-touching-own = { $piece } cannot be placed { $cell }: a new piece must touch one of { $color }'s own pieces
rule-nowhere-to-place = there is nowhere to place { $piece }: every free cell next to { $color }'s pieces touches an opponent's
rule-not-on-board = { $piece } is still in hand, not in play
rule-already-placed = { $piece } is already in play
rule-covered = { $piece } is covered by { $by } and cannot move
rule-would-split-hive = moving { $piece } would split the hive
rule-just-moved = { $piece } was moved on the last turn, so a Pillbug cannot throw it now
rule-just-thrown = { $piece } was just thrown by a Pillbug: it cannot move, throw or be thrown this turn
rule-gate-too-narrow = the gap is too narrow for { $piece } to slide { $cell }
rule-loses-contact = { $piece } cannot slide { $cell }: it would lose touch with the hive on the way
rule-same-cell = a move must end on a different cell
rule-mosquito-touches-nothing = { $piece } touches no bug but Mosquitoes, so it has no move to copy
# $bugs: the bugs the Mosquito touches, as a list.
rule-mosquito-cannot-copy = { $piece } cannot go { $cell }: it moves like the bugs it touches ({ $bugs }), and none of them could make that move
# $how: one of the how-* texts below.
rule-cannot-reach = { $piece } cannot go { $cell }: { $how }
rule-no-moves = { $piece } has no legal move
rule-pass-not-allowed = you may only pass when you have no legal move
rule-must-pass = there is no legal move: you must pass
rule-no-pillbug-next = none of { $color }'s pieces can throw { $piece } { $cell }: that takes a Pillbug (or a Mosquito touching one) next to both the piece and the cell
rule-not-a-pillbug = { $piece } is not a Pillbug, so it cannot throw
rule-mosquito-no-pillbug = { $piece } can throw only while on the ground next to a Pillbug
rule-pillbug-covered = { $pillbug } is covered by { $by } and cannot throw
rule-not-next-to-pillbug = { $pillbug } can only throw a piece next to it, and { $piece } is not
rule-throw-stacked = a Pillbug cannot throw { $piece }: it is part of a stack
rule-throw-too-far = { $pillbug } cannot drop a piece { $cell }: it drops pieces only next to itself
rule-throw-on-occupied = { $pillbug } cannot drop a piece { $cell }: it drops pieces only on empty cells
rule-throw-gate = stacked pieces beside { $pillbug } leave too narrow a gap to throw { $piece } { $cell }

## How each bug moves (in rule-cannot-reach).

how-queen = the Queen Bee moves one step, along the ground
how-ant = an Ant walks around the outside of the hive
how-grasshopper = a Grasshopper jumps in a straight line over at least one piece and lands on the first gap
how-spider = a Spider moves exactly three steps around the hive, without going back
how-beetle = a Beetle moves one step, and may climb
how-mosquito = a Mosquito on top of the hive moves as a Beetle: one step
how-ladybug = a Ladybug goes two steps on top of the hive, then one down
how-pillbug = a Pillbug moves one step, along the ground
# A Pillbug's throw (or a Mosquito's, next to a Pillbug).
how-throw = a Pillbug lifts a piece next to it over itself onto an empty cell next to itself

## How a game ended. $queen: the side whose Queen is surrounded; $winner:
## the other side; $limit: the turn limit.

ending-queen-surrounded = { $queen }'s Queen is surrounded: { $winner } wins.
ending-own-queen-surrounded = { $queen }'s Queen is surrounded by { $queen }'s own move: { $winner } wins.
ending-both-queens-surrounded = Both Queens are surrounded at once: a draw.
ending-turn-limit = Turn limit reached (turn { $limit }): a draw.
ending-threefold-repetition = Threefold repetition: a draw.
