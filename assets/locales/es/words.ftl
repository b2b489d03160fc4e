# Las palabras del juego: bandos, bichos, piezas, casillas y movimientos.
# Véase docs/languages.md.

language-name = Español

## Bandos, tal como los nombran las frases.

color-white = las blancas
color-black = las negras

## Bichos. $count: cuántos (plural); .gender: el género gramatical, que
## las demás frases usan para concordar.

bug-queen = { $count ->
    [one] Abeja Reina
   *[other] Abejas Reinas
}
    .gender = feminine
bug-ant = { $count ->
    [one] Hormiga
   *[other] Hormigas
}
    .gender = feminine
bug-grasshopper = Saltamontes
    .gender = masculine
bug-spider = { $count ->
    [one] Araña
   *[other] Arañas
}
    .gender = feminine
bug-beetle = { $count ->
    [one] Escarabajo
   *[other] Escarabajos
}
    .gender = masculine
bug-mosquito = { $count ->
    [one] Mosquito
   *[other] Mosquitos
}
    .gender = masculine
bug-ladybug = { $count ->
    [one] Mariquita
   *[other] Mariquitas
}
    .gender = feminine
bug-pillbug = { $count ->
    [one] Cochinilla
   *[other] Cochinillas
}
    .gender = feminine

## Una pieza. $color: white o black; $bug: el nombre del bicho (singular);
## $gender: su género; $notation: wA1, bQ, ...

# "Hormiga blanca": sin artículo ni notación.
piece-name = { $bug } { $color ->
    [white] { $gender ->
        [masculine] blanco
       *[other] blanca
    }
   *[black] { $gender ->
        [masculine] negro
       *[other] negra
    }
}
# "la Hormiga blanca (wA1)".
piece = { $gender ->
    [masculine] el
   *[other] la
} { piece-name } ({ $notation })

## Direcciones, según se ve la casilla desde una pieza en la pantalla.

side-east = a su derecha
side-south-east = abajo a su derecha
side-south-west = abajo a su izquierda
side-west = a su izquierda
side-north-west = arriba a su izquierda
side-north-east = arriba a su derecha

## Casillas, como lugares ("... puede colocarse <casilla>"). La pieza de
## referencia llega como $ref, $ref-name, $ref-gender, $ref-notation.

cell-next-to = junto { $ref-gender ->
    [masculine] al
   *[other] a la
} { $ref-name }, { $side }
cell-on-top = encima { $ref-gender ->
    [masculine] del
   *[other] de la
} { $ref-name }
cell-middle = en el centro de la mesa
cell-alone = lejos de la colmena
cell-unnamed = ahí
with-notation = { $text } ({ $notation })

## Listas: "Abeja Reina, Hormiga y Araña".

list-and = { $first } y { $last }
list-comma = { $first }, { $rest }
list-empty = nada

## Movimientos. $cell es el lugar sin notación; $move, el MoveString entero.

move-place = coloca { $piece } { $cell } ({ $move })
move-move = mueve { $piece } { $cell } ({ $move })
move-throw = haz que { $thrower } lance { $piece } { $cell } ({ $move })
move-pass = pasa

## Pistas.

destinations = { $count ->
    [one] 1 destino
   *[other] { $count } destinos
}
