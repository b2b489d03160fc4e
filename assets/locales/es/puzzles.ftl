# Los títulos y las pistas de los problemas (assets/puzzles/*.puzzles), tal
# como los escribe el generador de problemas. Un título o una pista escritos
# a mano en un archivo de problemas se traducen con una clave propia,
# puzzle-<id>-title o puzzle-<id>-hint (`hive lang check` las lista).
# Véase docs/languages.md.

## Títulos. $color: el bando al que le toca (color-*); $moves: las jugadas
## del jugador; en los títulos -with, el bicho de la jugada especial como
## $bug (con $bug-gender).

puzzle-title-win = Juegan { $color } y ganan { $moves ->
    [one] de inmediato
   *[other] en { $moves } jugadas
}
puzzle-title-win-with = Juegan { $color } y ganan { $moves ->
    [one] de inmediato
   *[other] en { $moves } jugadas
} con { $bug-gender ->
    [masculine] el
   *[other] la
} { $bug }
puzzle-title-stop = Juegan { $color }: { $moves ->
    [one] detén la amenaza
   *[other] impide una victoria en { $moves }
}
puzzle-title-stop-with = Juegan { $color }: { $moves ->
    [one] detén la amenaza
   *[other] impide una victoria en { $moves }
} con { $bug-gender ->
    [masculine] el
   *[other] la
} { $bug }

## Pistas: el objetivo ($aim, un texto puzzle-aim-*) y luego cómo ($tip, un
## texto puzzle-tip-*).

puzzle-hint = { $aim } { $tip }
puzzle-aim-win = Cierra el cerco alrededor de la Abeja Reina enemiga.
puzzle-aim-stop = Solo una jugada pone a salvo a tu Abeja Reina.
puzzle-tip-throw = Tu Cochinilla puede levantar una pieza que tenga al lado y dejarla al otro lado.
puzzle-tip-pass = A veces no hay nada que hacer.
puzzle-tip-place = Una pieza de tu mano puede hacerlo.
puzzle-tip-either-colour = Una Cochinilla puede mover una pieza de cualquier color.
puzzle-tip-queen = Tu Abeja Reina puede apartarse.
puzzle-tip-ant = Una Hormiga puede dar la vuelta entera a la colmena.
puzzle-tip-grasshopper = Mira las líneas rectas: el Saltamontes salta.
puzzle-tip-spider = Cuenta tres pasos alrededor de la colmena.
puzzle-tip-beetle = Un Escarabajo puede subirse a la colmena.
puzzle-tip-mosquito = Tu Mosquito se mueve como los bichos que toca.
puzzle-tip-ladybug = Una Mariquita camina por encima de la colmena.
puzzle-tip-pillbug = Tu Cochinilla puede dar un paso.
