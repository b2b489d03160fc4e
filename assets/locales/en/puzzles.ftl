# The puzzles' titles and hints (assets/puzzles/*.puzzles), as the puzzle
# generator writes them: each language words them from the same facts.
# A title or hint rewritten by hand in a puzzle file is not one of these:
# a language translates it under a key of its own, puzzle-<id>-title or
# puzzle-<id>-hint (`hive lang check` lists them). See docs/languages.md.
#
# English must say exactly what the generator writes (a test checks it).

## Titles. $color: the side to move (color-*), $color-code: white or black;
## $moves: the player's moves (1: at once); in the -with titles, the bug
## whose trick the puzzle is about as $bug (with $bug-gender).

puzzle-title-win = { $color } to move wins { $moves ->
    [one] at once
   *[other] in { $moves }
}
puzzle-title-win-with = { $color } to move wins { $moves ->
    [one] at once
   *[other] in { $moves }
} with the { $bug }
puzzle-title-stop = { $color } to move: { $moves ->
    [one] stop the threat
   *[other] stop a win in { $moves }
}
puzzle-title-stop-with = { $color } to move: { $moves ->
    [one] stop the threat
   *[other] stop a win in { $moves }
} with the { $bug }

## Hints: what to aim for ($aim, a puzzle-aim-* text), then how ($tip, a
## puzzle-tip-* text).

puzzle-hint = { $aim } { $tip }
puzzle-aim-win = Close the ring around the enemy Queen.
puzzle-aim-stop = Only one move keeps your Queen safe.
# A Pillbug puzzle: the solution is a throw.
puzzle-tip-throw = Your Pillbug can lift a piece next to it and set it down on its other side.
puzzle-tip-pass = Sometimes there is nothing to do.
puzzle-tip-place = A piece from your hand can do it.
# The solution moves a piece of the other side (with a Pillbug).
puzzle-tip-either-colour = A Pillbug can move a piece of either colour.
# The solution moves one of the player's own pieces, of this bug.
puzzle-tip-queen = Your Queen can step aside.
puzzle-tip-ant = An Ant can walk all the way around the hive.
puzzle-tip-grasshopper = Look along the straight lines: a Grasshopper jumps.
puzzle-tip-spider = Count three steps around the hive.
puzzle-tip-beetle = A Beetle can climb onto the hive.
puzzle-tip-mosquito = Your Mosquito moves like the bugs it touches.
puzzle-tip-ladybug = A Ladybug walks over the top of the hive.
puzzle-tip-pillbug = Your Pillbug can take one step.
