# Los nombres de los temas incluidos (assets/themes/<id>/), tal como los
# muestran los menús.

theme-name-default = Predeterminado
theme-name-high-contrast = Alto contraste
