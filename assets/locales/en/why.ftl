# Why a move is worse (or better): one message per fact the rules engine
# finds about what a move changed (hive_rules::Fact), keyed why-<fact>.
# Pieces come as $queen, $piece, $beetle, $pillbug (with -name, -gender,
# -notation, as in rules.ftl); $cell is a place with its notation;
# $side and $winner are sides; $before, $after, $moves, $count numbers.

# $moves: the winner's moves (not plies).
why-missed-win = this lets a forced win slip: { $side } could win in { $moves ->
    [one] one move
   *[other] { $moves } moves
}
why-forced-loss = this lets { $winner } force a win in { $moves ->
    [one] one move
   *[other] { $moves } moves
}
why-queen-cells-fewer = { $queen } had { $before ->
    [one] one free cell
   *[other] { $before } free cells
} around it, now { $after ->
    [0] none: it is surrounded
    [one] only one
   *[other] only { $after }
}
why-queen-cells-more = { $queen } now has { $after ->
    [one] one free cell
   *[other] { $after } free cells
} around it, up from { $before }
why-beetle-on-queen = { $beetle } now sits on top of { $queen }, which cannot move while it is covered
why-beetle-reaches-queen = { $beetle } can climb onto { $queen } on its next turn
why-gate-closed = a gate closes { $cell }: no piece can slide into that cell any more, the gap is too narrow
why-gate-opened = a gate opens { $cell }: pieces can now slide into that cell
# $count: how many cells the piece can be dropped on; $cell: the first.
why-throw-possible = { $pillbug } can now throw { $piece } { $count ->
    [one] { $cell }
   *[other] onto any of { $count } cells next to it
}
why-pinned = { $piece } is now pinned: moving it would split the hive
why-freed = { $piece } is no longer pinned: it can move without splitting the hive
