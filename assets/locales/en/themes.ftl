# The names of the shipped themes (assets/themes/<id>/), as menus show them:
# theme-name-<id>, <id> being the theme's folder name. A theme with no such
# message is shown by the name its theme.ron gives.

theme-name-default = Default
theme-name-high-contrast = High contrast
