# Por qué un movimiento es peor (o mejor): un mensaje por cada hecho que
# el motor de reglas encuentra, con las mismas variables que en inglés
# (véase assets/locales/en/why.ftl).

why-missed-win = así se escapa una victoria forzada: { $side } podían ganar en { $moves ->
    [one] una jugada
   *[other] { $moves } jugadas
}
why-forced-loss = esto permite a { $winner } forzar la victoria en { $moves ->
    [one] una jugada
   *[other] { $moves } jugadas
}
why-queen-cells-fewer = { $queen } tenía { $before ->
    [one] una casilla libre
   *[other] { $before } casillas libres
} alrededor, y ahora { $after ->
    [0] ninguna: está { $queen-gender ->
        [masculine] rodeado
       *[other] rodeada
    }
    [one] solo una
   *[other] solo { $after }
}
why-queen-cells-more = { $queen } ahora tiene { $after ->
    [one] una casilla libre
   *[other] { $after } casillas libres
} alrededor, antes { $before }
why-beetle-on-queen = { $beetle } está ahora encima { $queen-gender ->
    [masculine] del
   *[other] de la
} { $queen-name } ({ $queen-notation }), que no puede moverse mientras esté { $queen-gender ->
    [masculine] cubierto
   *[other] cubierta
}
why-beetle-reaches-queen = { $beetle } puede subirse encima { $queen-gender ->
    [masculine] del
   *[other] de la
} { $queen-name } ({ $queen-notation }) en su próximo turno
why-gate-closed = se cierra el paso { $cell }: ya ninguna pieza puede deslizarse hasta esa casilla, el hueco es demasiado estrecho
why-gate-opened = se abre el paso { $cell }: ahora las piezas pueden deslizarse hasta esa casilla
why-throw-possible = { $pillbug } ya puede lanzar { $piece } { $count ->
    [one] { $cell }
   *[other] a cualquiera de { $count } casillas a su lado
}
why-pinned = { $piece } queda { $piece-gender ->
    [masculine] inmovilizado
   *[other] inmovilizada
}: mover{ $piece-gender ->
    [masculine] lo
   *[other] la
} partiría la colmena en dos
why-freed = { $piece } ya no está { $piece-gender ->
    [masculine] inmovilizado
   *[other] inmovilizada
}: puede moverse sin partir la colmena
