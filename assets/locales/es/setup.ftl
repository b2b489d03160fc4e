# Una posición preparada a mano: por qué no puede darse en una partida.
# Véase el archivo inglés (en/setup.ftl) para las variables.

setup-empty-board-later = El tablero está vacío, así que es el primer turno de las blancas (White[1]), no { $to-move-code ->
    [white] White
   *[black] Black
}[{ $turn }].
setup-not-in-game = { $piece } está en el tablero, pero una partida { $game-type } no tiene { $bug }: quítala o elige un tipo de partida que la tenga.
setup-out-of-order = { $piece } está en el tablero pero { $missing } no: las piezas de un mismo tipo entran en juego por orden de número, así que { $missing-notation } va antes.
setup-not-one-hive = Las piezas forman { $groups } grupos separados: en Hive todas las piezas se tocan, formando una sola colmena.
setup-cannot-climb = { $piece } está encima de otra pieza, pero solo un Escarabajo (o un Mosquito junto a uno) puede subir a la colmena.
setup-climbed-without-queen = { $piece } está encima de la colmena, pero la Reina de { $color } no está en el tablero: una pieza solo sube moviéndose, y nada se mueve antes de colocar la Reina de su bando.
setup-mosquito-without-beetle = { $piece } está encima de la colmena, pero no hay ningún Escarabajo en el tablero: un Mosquito solo sube copiando a un Escarabajo que toca, y las piezas nunca salen del tablero.
setup-queen-first = La única pieza de { $color } es su Reina, pero ningún bando puede colocar la Reina en su primer turno.
setup-too-many-pieces = { $color-code ->
    [white] Las blancas
   *[black] Las negras
} tienen { $pieces ->
    [one] 1 pieza
   *[other] { $pieces } piezas
} en el tablero pero solo han jugado { $turns ->
    [one] 1 turno
   *[other] { $turns } turnos
}: cada bando trae como mucho una pieza por turno. Elige un turno posterior o quita piezas.
setup-missing-pieces = La Reina de { $color } no está en el tablero, así que nada suyo se ha movido y en cada uno de sus { $turns ->
    [one] 1 turno
   *[other] { $turns } turnos
} colocó una pieza: debería tener { $turns } en el tablero, no { $pieces }.
setup-queen-late = { $color-code ->
    [white] Las blancas
   *[black] Las negras
} han jugado { $turns ->
    [one] 1 turno
   *[other] { $turns } turnos
} sin colocar su Reina: la Reina debe estar en el tablero al final del cuarto turno de su bando.
setup-touching-before-queens = Ninguna Reina está en el tablero, así que ninguna pieza se ha movido aún: una pieza entra tocando solo a las de su color, y solo las dos primeras piezas se tocan entre colores. Aquí se tocan { $pairs } parejas de blancas y negras.
setup-queen-surrounded = La Reina de { $color } está rodeada: la partida ya ha terminado (ganan { $winner }).
setup-both-queens-surrounded = Las dos Reinas están rodeadas: la partida ya ha terminado (en tablas).

## Por qué no se puede escribir una GameString.

setup-unreachable-problems = Esta posición no puede darse en una partida: { $first }
setup-unreachable-not-found = No se ha encontrado ninguna partida de jugadas legales que llegue a esta posición ({ $tries } posiciones probadas), así que no puede escribirse como GameString ni jugarse. Puede que haya piezas encerradas donde ninguna pudo moverse, o que el turno sea demasiado temprano para las jugadas que necesita.

## La partida encontrada llega a la posición en otro turno.

setup-reached-sooner = Se llega a la posición en el turno { $turn } en lugar del { $requested }: ninguna partida encontrada llega antes.
setup-reached-later = Se llega a la posición en el turno { $turn } en lugar del { $requested }: ninguna partida encontrada llega tan tarde.
