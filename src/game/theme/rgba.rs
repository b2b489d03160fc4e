//! Colours as a theme gives them: 8-bit sRGB with alpha, read from the
//! manifest's hex strings and written back the same way.

use std::fmt;

/// A colour as 8-bit sRGB with alpha.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgba(pub [u8; 4]);

impl Rgba {
    /// Reads `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the `#` may be
    /// left out), with Bevy's own parser.
    pub fn parse(text: &str) -> Option<Rgba> {
        use bevy::color::ColorToPacked;
        bevy::color::Srgba::hex(text.trim())
            .ok()
            .map(|color| Rgba(color.to_u8_array()))
    }

    /// Red, green, blue and alpha from 0.0 to 1.0 (sRGB).
    pub fn to_f32(self) -> [f32; 4] {
        self.0.map(|v| f32::from(v) / 255.0)
    }
}

impl fmt::Display for Rgba {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [r, g, b, a] = self.0;
        if a == 255 {
            write!(f, "#{r:02x}{g:02x}{b:02x}")
        } else {
            write!(f, "#{r:02x}{g:02x}{b:02x}{a:02x}")
        }
    }
}

/// A colour from its red, green, blue and alpha.
pub(super) const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Rgba {
    Rgba([r, g, b, a])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_read_short_long_and_with_alpha() {
        assert_eq!(Rgba::parse("#fff"), Some(Rgba([255, 255, 255, 255])));
        assert_eq!(Rgba::parse("#102030"), Some(Rgba([16, 32, 48, 255])));
        assert_eq!(Rgba::parse("10203040"), Some(Rgba([16, 32, 48, 64])));
        assert_eq!(Rgba::parse("#12345"), None);
        assert_eq!(Rgba::parse("blue"), None);
        assert_eq!(Rgba::parse("#ééé"), None);
        assert_eq!(Rgba([16, 32, 48, 64]).to_string(), "#10203040");
    }
}
