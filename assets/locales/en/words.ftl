# The game's words: sides, bugs, pieces, cells and moves.
#
# English is the language every other falls back to: every key used by the
# game is here. See docs/languages.md.

# The language's own name for itself, for the menu of languages.
language-name = English

## Sides, as sentences name them.

color-white = White
color-black = Black

## Bugs. $count: how many (plural); the optional .gender attribute is the
## grammatical gender other messages select on (English needs none).

bug-queen = { $count ->
    [one] Queen Bee
   *[other] Queen Bees
}
bug-ant = { $count ->
    [one] Ant
   *[other] Ants
}
bug-grasshopper = { $count ->
    [one] Grasshopper
   *[other] Grasshoppers
}
bug-spider = { $count ->
    [one] Spider
   *[other] Spiders
}
bug-beetle = { $count ->
    [one] Beetle
   *[other] Beetles
}
bug-mosquito = { $count ->
    [one] Mosquito
   *[other] Mosquitoes
}
bug-ladybug = { $count ->
    [one] Ladybug
   *[other] Ladybugs
}
bug-pillbug = { $count ->
    [one] Pillbug
   *[other] Pillbugs
}

## One piece. $color: white or black; $bug: the bug's name (singular);
## $gender: the bug's .gender; $notation: wA1, bQ, ...

# "white Ant": no article, no notation.
piece-name = { $color ->
    [white] white
   *[black] black
} { $bug }
# "the white Ant (wA1)".
piece = the { piece-name } ({ $notation })

## Directions, as the cell lies from a piece on the screen (east is right).

side-east = on its right
side-south-east = on its lower right
side-south-west = on its lower left
side-west = on its left
side-north-west = on its upper left
side-north-east = on its upper right

## Cells, as places ("... can be placed <cell>"). The reference piece comes
## as $ref, $ref-name, $ref-gender, $ref-notation; $side is one of the
## side-* texts and $dir its direction (east, south-east, ...).

# "next to the black Pillbug, on its lower left".
cell-next-to = next to the { $ref-name }, { $side }
# A cell holding a piece or a stack.
cell-on-top = on top of the { $ref-name }
# The first cell of the game.
cell-middle = in the middle of the table
# A cell that touches no piece.
cell-alone = away from the hive
# A cell the message cannot name.
cell-unnamed = there
# Any text with its notation: "next to the black Pillbug, on its lower left (/bP)".
with-notation = { $text } ({ $notation })

## Lists: "Queen Bee, Ant and Spider".

list-and = { $first } and { $last }
list-comma = { $first }, { $rest }
list-empty = nothing

## Moves. $piece (and $thrower) are pieces; $cell is the place without its
## notation; $move is the full MoveString.

move-place = place { $piece } { $cell } ({ $move })
move-move = move { $piece } { $cell } ({ $move })
move-throw = have { $thrower } throw { $piece } { $cell } ({ $move })
move-pass = pass

## Hints.

# How many cells a selected piece can go to.
destinations = { $count ->
    [one] 1 destination
   *[other] { $count } destinations
}
