# Las lecciones de «Aprender a jugar» (assets/lessons/*.lesson). El inglés
# está en los propios archivos de lección; aquí va su traducción, con claves
# hechas del nombre del archivo y del número del paso:
# lesson-<archivo>-title, -summary, -step-<n>-text y -step-<n>-hint.
# `hive lang check` avisa de la que falte. Véase docs/languages.md.

## 01-placing.lesson

lesson-01-placing-title = Colocar las piezas
lesson-01-placing-summary = Hive no tiene tablero: las piezas que colocas son el tablero.
lesson-01-placing-step-1-text = Empiezan las blancas. La primera pieza va en el centro de la mesa: coloca cualquier pieza menos tu Reina.
lesson-01-placing-step-1-hint = Toma de tu mano cualquier bicho que no sea la Reina y colócalo.
lesson-01-placing-step-2-text = La primera pieza de las negras debe tocar la primera pieza de las blancas. Es la única vez que una pieza puede colocarse junto a las del otro color.
lesson-01-placing-step-2-hint = Coloca tu pieza junto a la primera pieza de las blancas.
lesson-01-placing-step-3-text = A partir de ahora, una pieza nueva debe tocar alguna de tu color y ninguna del otro. Coloca una pieza en una de las casillas iluminadas.
lesson-01-placing-step-3-hint = Solo las casillas del lado más alejado de tu primera pieza no tocan ninguna pieza negra.
lesson-01-placing-step-4-text = Lo mismo vale para las negras. Coloca una pieza negra que toque solo piezas negras.
lesson-01-placing-step-4-hint = Colócala a la derecha, lejos de las piezas blancas.

## 02-queen-by-turn-four.lesson

lesson-02-queen-by-turn-four-title = La Reina antes del cuarto turno
lesson-02-queen-by-turn-four-summary = Nada se mueve hasta que tu Reina está en juego, y debe estarlo a más tardar en tu cuarto turno.
lesson-02-queen-by-turn-four-step-1-text = En los torneos ningún bando puede colocar su Reina en su primer turno. Empieza con otra pieza.
lesson-02-queen-by-turn-four-step-1-hint = Cualquier bicho menos la Reina puede abrir la partida.
lesson-02-queen-by-turn-four-step-2-text = Ninguna de tus piezas puede moverse hasta que tu Reina esté en juego. Colócala ahora.
lesson-02-queen-by-turn-four-step-2-hint = Toma la Abeja Reina de tu mano.
lesson-02-queen-by-turn-four-step-3-text = Es tu cuarto turno y la Reina sigue en la mano: hay que colocarla ahora, y no se permite nada más.
lesson-02-queen-by-turn-four-step-3-hint = Coloca tu Reina en cualquier casilla que toque solo piezas blancas.

## 03-one-hive.lesson

lesson-03-one-hive-title = Una sola colmena
lesson-03-one-hive-summary = Todas las piezas deben seguir unidas, en todo momento.
lesson-03-one-hive-step-1-text = Las piezas deben formar siempre una sola colmena. El Saltamontes blanco mantiene unida la colmena: si lo levantaras, la partirías en dos, así que no puede moverse. Mueve otra pieza.
lesson-03-one-hive-step-1-hint = Tu Hormiga está en el borde de la colmena: puede irse sin romper nada.
lesson-03-one-hive-step-2-text = Tu Reina también une tu Hormiga a la colmena. Mueve la Hormiga, que está libre.
lesson-03-one-hive-step-2-hint = Toma la Hormiga: puede caminar alrededor de la colmena, por fuera.

## 04-freedom-to-move.lesson

lesson-04-freedom-to-move-title = Libertad de movimiento
lesson-04-freedom-to-move-summary = Una pieza se desliza por el suelo y no puede colarse por un paso estrecho.
lesson-04-freedom-to-move-step-1-text = Las piezas se deslizan por la mesa. Una pieza no puede deslizarse a una casilla si las dos vecinas que tiene en el camino están ocupadas: el paso es demasiado estrecho. La Hormiga negra no puede entrar en la casilla iluminada; muévela a cualquier otra.
lesson-04-freedom-to-move-step-1-hint = La Hormiga puede llegar a casi cualquier casilla alrededor de la colmena, pero no a la del paso estrecho.
lesson-04-freedom-to-move-step-2-text = Lo mismo vale para la Reina. La Reina negra no puede deslizarse a la izquierda entre las dos piezas blancas; aun así puede avanzar a otro sitio.
lesson-04-freedom-to-move-step-2-hint = Lleva la Reina abajo a la derecha, junto a la Araña blanca.

## 05-queen-bee.lesson

lesson-05-queen-bee-title = La Abeja Reina
lesson-05-queen-bee-summary = Avanza de paso en paso, deslizándose junto a la colmena.
lesson-05-queen-bee-step-1-text = La Reina avanza exactamente un paso, deslizándose alrededor de la colmena. Mueve tu Reina.
lesson-05-queen-bee-step-1-hint = Elige una casilla pegada a tu Reina.

## 06-beetle.lesson

lesson-06-beetle-title = El Escarabajo
lesson-06-beetle-summary = De paso en paso, pero puede subirse encima de la colmena.
lesson-06-beetle-step-1-text = El Escarabajo avanza un paso, como la Reina, pero también puede subirse encima de otra pieza. Súbete a una de tus piezas.
lesson-06-beetle-step-1-hint = Pon el Escarabajo encima de tu Saltamontes o de tu Reina.
lesson-06-beetle-step-2-text = Encima de la colmena, el Escarabajo sigue avanzando un paso, de pila en pila. La pieza que tiene debajo un Escarabajo queda inmovilizada. Pasa encima del Saltamontes negro.
lesson-06-beetle-step-2-hint = El Saltamontes negro está justo al lado de la pila de tu Escarabajo.

## 07-grasshopper.lesson

lesson-07-grasshopper-title = El Saltamontes
lesson-07-grasshopper-summary = Salta en línea recta por encima de la colmena.
lesson-07-grasshopper-step-1-text = El Saltamontes salta en línea recta por encima de una o más piezas y cae en la primera casilla vacía. No puede avanzar a una casilla de su lado. Salta por encima de toda la fila.
lesson-07-grasshopper-step-1-hint = Mira a la derecha: cuatro piezas en fila y un hueco detrás.

## 08-spider.lesson

lesson-08-spider-title = La Araña
lesson-08-spider-summary = Exactamente tres pasos alrededor de la colmena, sin volver atrás.
lesson-08-spider-step-1-text = La Araña avanza exactamente tres pasos, deslizándose alrededor de la colmena, sin volver sobre su camino. Ni dos ni cuatro: tres. Mueve tu Araña.
lesson-08-spider-step-1-hint = Cuenta tres pasos por el borde de la colmena, por arriba o por abajo.

## 09-ant.lesson

lesson-09-ant-title = La Hormiga soldado
lesson-09-ant-summary = Camina la distancia que quiera alrededor de la colmena, por fuera.
lesson-09-ant-step-1-text = La Hormiga da cuantos pasos quiera alrededor de la colmena, por fuera. Llévala hasta el otro lado de la Reina negra.
lesson-09-ant-step-1-hint = La Hormiga puede dar la vuelta entera a la colmena en una sola jugada.

## 10-mosquito.lesson

lesson-10-mosquito-title = El Mosquito
lesson-10-mosquito-summary = Se mueve como cualquier bicho que toque.
lesson-10-mosquito-step-1-text = El Mosquito no tiene movimiento propio: se mueve como cualquier bicho que toque. Aquí solo toca tu Reina, así que avanza como una Reina.
lesson-10-mosquito-step-1-hint = Un paso junto a la colmena, como lo haría la Reina.
lesson-10-mosquito-step-2-text = Ahora el Mosquito también toca un Saltamontes, así que puede saltar como él. Salta por encima de toda la fila.
lesson-10-mosquito-step-2-hint = Salta hacia la derecha, por encima de tu Reina y de las tres piezas que la siguen.

## 11-ladybug.lesson

lesson-11-ladybug-title = La Mariquita
lesson-11-ladybug-summary = Dos pasos por encima de la colmena y luego uno hacia abajo.
lesson-11-ladybug-step-1-text = La Mariquita avanza exactamente tres pasos: dos por encima de la colmena y luego uno hacia abajo, a una casilla vacía. Mueve tu Mariquita por encima de la colmena.
lesson-11-ladybug-step-1-hint = Sube a tu Reina, cruza y baja por el otro lado.

## 12-pillbug.lesson

lesson-12-pillbug-title = La Cochinilla
lesson-12-pillbug-summary = Avanza como una Reina y puede mover a sus vecinas.
lesson-12-pillbug-step-1-text = La Cochinilla avanza un paso, como la Reina. Mueve la Cochinilla negra.
lesson-12-pillbug-step-1-hint = Un paso junto a la colmena.
lesson-12-pillbug-step-2-text = En lugar de moverse, la Cochinilla puede levantar una pieza de su lado, de cualquier color, pasarla por encima de sí misma y dejarla en una casilla vacía a su lado. Lanza el Mosquito blanco.
lesson-12-pillbug-step-2-hint = El Mosquito está debajo de la Cochinilla: déjalo en una de las dos casillas libres al lado de la Cochinilla.

## 13-thrown-pieces.lesson

lesson-13-thrown-pieces-title = Piezas lanzadas
lesson-13-thrown-pieces-summary = Una pieza lanzada descansa un turno, y una pieza que acaba de moverse no puede lanzarse.
lesson-13-thrown-pieces-step-1-text = Una Cochinilla no puede lanzar la pieza que el otro bando acaba de mover. Las blancas acaban de mover su Araña junto a tu Cochinilla: se queda donde está. Mueve otra pieza.
lesson-13-thrown-pieces-step-1-hint = Sirve cualquier pieza tuya que pueda moverse; simplemente deja en paz la Araña.
lesson-13-thrown-pieces-step-2-text = Una pieza lanzada queda aturdida durante un turno: no puede moverse ni ser lanzada. La Cochinilla blanca acaba de lanzar tu Escarabajo. Mueve otra pieza.
lesson-13-thrown-pieces-step-2-hint = El Escarabajo debe descansar este turno; mueve una de tus Hormigas.

## 14-surround-the-queen.lesson

lesson-14-surround-the-queen-title = Rodear a la Reina
lesson-14-surround-the-queen-summary = Rodea a la Reina enemiga por sus seis lados para ganar.
lesson-14-surround-the-queen-step-1-text = La partida se gana rodeando a la Reina enemiga por sus seis lados, con piezas de cualquier color. A la Reina negra le queda un lado libre: ocúpalo.
lesson-14-surround-the-queen-step-1-hint = Busca la casilla vacía junto a la Reina negra y una pieza que pueda llegar a ella.

## 15-passing.lesson

lesson-15-passing-title = Pasar
lesson-15-passing-summary = Si no tienes ninguna jugada legal, debes pasar; si la tienes, no puedes.
lesson-15-passing-step-1-text = Un jugador sin ninguna jugada legal debe pasar, y solo entonces. Aquí las blancas no pueden colocar ni mover nada: pasa.
lesson-15-passing-step-1-hint = Todas las piezas blancas están bloqueadas y todas las casillas libres tocan a las negras: pasa.

## 16-first-game.lesson

lesson-16-first-game-title = Una primera partida
lesson-16-first-game-summary = Juega una partida entera contra la IA Principiante.
lesson-16-first-game-step-1-text = Ya conoces todas las reglas. Juega una partida entera contra la IA Principiante, con los tres bichos de las expansiones.
lesson-16-first-game-step-1-hint = Coloca pronto tu Reina, mantén tus piezas libres para moverse y cierra el cerco sobre la Reina negra.
