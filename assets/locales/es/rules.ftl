# Por qué un movimiento no es legal: un mensaje por regla, con las mismas
# variables que en inglés (véase assets/locales/en/rules.ftl).

rule-game-over = la partida ha terminado
rule-not-your-piece = { $piece } es de { $owner }, y es el turno de { $to-move }
rule-bug-not-in-game = en esta partida no hay { $bug-gender ->
    [masculine] ningún
   *[other] ninguna
} { $bug }
rule-none-left-in-hand = a { $color } no les quedan { $bug-plural } en la mano
rule-wrong-piece-number = coloca { $expected } antes que { $piece }: las piezas de una misma clase se colocan por orden de número
rule-queen-on-first-turn = { $piece } no puede colocarse en el primer turno de { $color } (regla de torneo)
rule-queen-by-fourth-turn = es el cuarto turno de { $color } y { $queen } sigue en la mano: hay que colocarla ahora, antes que { $piece }
rule-queen-not-placed = { $piece } aún no puede moverse: primero hay que colocar { $queen }
rule-first-piece-at-origin = la primera pieza va en el centro de la mesa
rule-not-there = { $piece } no está en esa casilla
rule-place-on-occupied = { $piece } no puede colocarse { $cell }: las piezas nunca se colocan encima de otras
rule-place-not-next-to-first = { $piece } no puede colocarse { $cell }: la segunda pieza de la partida va junto a la primera
rule-place-next-to-opponent = { $piece } no puede colocarse { $cell }: tocaría { $touching }, una pieza del rival
rule-place-not-touching-own = { $piece } no puede colocarse { $cell }: una pieza nueva debe tocar alguna pieza de { $color }
rule-nowhere-to-place = no hay dónde colocar { $piece }: todas las casillas libres junto a las piezas de { $color } tocan alguna del rival
rule-not-on-board = { $piece } sigue en la mano, no está en juego
rule-already-placed = { $piece } ya está en juego
rule-covered = { $piece } está { $piece-gender ->
    [masculine] cubierto
   *[other] cubierta
} por { $by } y no puede moverse
rule-would-split-hive = mover { $piece } partiría la colmena en dos
rule-just-moved = { $piece } se movió en el último turno, así que ninguna Cochinilla puede { $piece-gender ->
    [masculine] lanzarlo
   *[other] lanzarla
} ahora
rule-just-thrown = una Cochinilla acaba de lanzar { $piece }: este turno no puede moverse, lanzar ni ser { $piece-gender ->
    [masculine] lanzado
   *[other] lanzada
}
rule-gate-too-narrow = el paso es demasiado estrecho para que { $piece } se deslice { $cell }
rule-loses-contact = { $piece } no puede deslizarse { $cell }: perdería el contacto con la colmena por el camino
rule-same-cell = un movimiento debe terminar en otra casilla
rule-mosquito-touches-nothing = { $piece } solo toca Mosquitos, así que no tiene ningún movimiento que copiar
rule-mosquito-cannot-copy = { $piece } no puede ir { $cell }: se mueve como los bichos que toca ({ $bugs }), y ninguno de ellos podría hacer ese movimiento
rule-cannot-reach = { $piece } no puede ir { $cell }: { $how }
rule-no-moves = { $piece } no tiene ningún movimiento legal
rule-pass-not-allowed = solo se puede pasar cuando no hay ningún movimiento legal
rule-must-pass = no hay ningún movimiento legal: hay que pasar
rule-no-pillbug-next = ninguna pieza de { $color } puede lanzar { $piece } { $cell }: hace falta una Cochinilla (o un Mosquito que toque una) junto a la pieza y a la casilla
rule-not-a-pillbug = { $piece } no es una Cochinilla, así que no puede lanzar
rule-mosquito-no-pillbug = { $piece } solo puede lanzar si está en el suelo junto a una Cochinilla
rule-pillbug-covered = { $pillbug } está { $pillbug-gender ->
    [masculine] cubierto
   *[other] cubierta
} por { $by } y no puede lanzar
rule-not-next-to-pillbug = { $pillbug } solo puede lanzar una pieza que esté a su lado, y { $piece } no lo está
rule-throw-stacked = una Cochinilla no puede lanzar { $piece }: forma parte de una pila
rule-throw-too-far = { $pillbug } no puede dejar una pieza { $cell }: solo las deja a su lado
rule-throw-on-occupied = { $pillbug } no puede dejar una pieza { $cell }: solo las deja en casillas vacías
rule-throw-gate = las pilas junto a { $pillbug } dejan un paso demasiado estrecho para lanzar { $piece } { $cell }

## Cómo se mueve cada bicho (en rule-cannot-reach).

how-queen = la Abeja Reina avanza un paso, por el suelo
how-ant = una Hormiga camina alrededor de la colmena, por fuera
how-grasshopper = un Saltamontes salta en línea recta por encima de al menos una pieza y cae en el primer hueco
how-spider = una Araña avanza exactamente tres pasos alrededor de la colmena, sin volver atrás
how-beetle = un Escarabajo avanza un paso, y puede trepar
how-mosquito = un Mosquito encima de la colmena se mueve como un Escarabajo: un paso
how-ladybug = una Mariquita da dos pasos por encima de la colmena y luego uno hacia abajo
how-pillbug = una Cochinilla avanza un paso, por el suelo
how-throw = una Cochinilla levanta una pieza de su lado por encima de sí misma y la deja en una casilla vacía a su lado

## Cómo terminó una partida.

ending-queen-surrounded = La Reina de { $queen } está rodeada: ganan { $winner }.
ending-own-queen-surrounded = La Reina de { $queen } ha quedado rodeada por una jugada de su propio bando: ganan { $winner }.
ending-both-queens-surrounded = Las dos Reinas quedan rodeadas a la vez: tablas.
ending-turn-limit = Se alcanzó el límite de turnos (turno { $limit }): tablas.
ending-threefold-repetition = Triple repetición: tablas.
