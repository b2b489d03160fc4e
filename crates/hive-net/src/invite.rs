//! Invitations: one line of text (or a `hive://join/...` link) with what a
//! joiner needs to reach the host and be let in: the host endpoint's id
//! (its public key), its addresses, an optional relay, the game's 128-bit
//! secret and the role.
//!
//! The text is base32 (RFC 4648, no padding) of a small binary record:
//!
//! | bytes | what |
//! |---|---|
//! | 1 | format version, 1 |
//! | 1 | role: 0 player, 1 watcher |
//! | 32 | the host endpoint's id (an Ed25519 public key) |
//! | 16 | the secret |
//! | 1 | the number of addresses, at most 16; each is 4 (IPv4) or 6 (IPv6), the address's 4 or 16 bytes, then the port (2 bytes, big-endian) |
//! | 1 | the relay URL's length (0: none), then its UTF-8 bytes |

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use data_encoding::{BASE32_NOPAD, HEXLOWER, HEXLOWER_PERMISSIVE};

use crate::protocol::Role;

/// The link form's prefix.
pub const LINK_PREFIX: &str = "hive://join/";

/// A game's 128-bit secret: whoever does not have it is refused.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Secret(pub [u8; 16]);

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never printed in logs.
        f.write_str("Secret(..)")
    }
}

/// Lowercase hex digits of `bytes` (secrets, keys, ids in file names).
pub fn hex(bytes: &[u8]) -> String {
    HEXLOWER.encode(bytes)
}

/// `N` bytes from `2N` hex digits (either case); `None` for anything else.
pub fn from_hex<const N: usize>(text: &str) -> Option<[u8; N]> {
    HEXLOWER_PERMISSIVE
        .decode(text.as_bytes())
        .ok()?
        .try_into()
        .ok()
}

impl Secret {
    /// A fresh random secret.
    pub fn random() -> Secret {
        Secret(rand::random())
    }

    /// 32 lowercase hex digits, as sent in hello.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// Reads 32 hex digits (either case).
    pub fn from_hex(text: &str) -> Option<Secret> {
        from_hex(text).map(Secret)
    }

    /// Compares in constant time (no early exit on the first differing byte).
    pub fn matches(&self, other: &Secret) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
    }
}

/// Why an invitation cannot be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum InviteError {
    /// Not base32.
    #[error("the invitation is not valid text (base32 expected)")]
    Encoding,
    /// Far too short to be one (a word pasted by mistake): an invitation
    /// holds at least [`MIN_BYTES`] bytes.
    #[error("that is not an invitation: it is {0} bytes, an invitation at least {MIN_BYTES}")]
    TooShort(usize),
    /// Too short, too long, or a bad field.
    #[error("the invitation is damaged: {0}")]
    Damaged(&'static str),
    /// Made by a newer program.
    #[error("the invitation's format {0} is newer than this program's (1)")]
    Version(u8),
}

/// What a joiner needs to reach the host and be let in.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Invitation {
    /// The host endpoint's id: its Ed25519 public key.
    pub endpoint: [u8; 32],
    /// The host's direct addresses.
    pub addrs: Vec<SocketAddr>,
    /// A relay that reaches the host, if any.
    pub relay: Option<String>,
    /// The game's secret.
    pub secret: Secret,
    /// Whether the invitation is to play or to watch.
    pub role: Role,
}

const FORMAT: u8 = 1;
const MAX_ADDRS: usize = 16;
/// The fewest bytes an invitation holds: the format, the role, the
/// endpoint's id, the secret, the number of addresses and the relay's
/// length.
pub const MIN_BYTES: usize = 1 + 1 + 32 + 16 + 1 + 1;

impl Invitation {
    /// The one-line text form.
    pub fn to_text(&self) -> String {
        let mut bytes = vec![FORMAT, u8::from(self.role == Role::Watcher)];
        bytes.extend_from_slice(&self.endpoint);
        bytes.extend_from_slice(&self.secret.0);
        let addrs = &self.addrs[..self.addrs.len().min(MAX_ADDRS)];
        bytes.push(addrs.len() as u8);
        for addr in addrs {
            match addr.ip() {
                IpAddr::V4(ip) => {
                    bytes.push(4);
                    bytes.extend_from_slice(&ip.octets());
                }
                IpAddr::V6(ip) => {
                    bytes.push(6);
                    bytes.extend_from_slice(&ip.octets());
                }
            }
            bytes.extend_from_slice(&addr.port().to_be_bytes());
        }
        let relay = self.relay.as_deref().unwrap_or("").as_bytes();
        let relay = &relay[..relay.len().min(255)];
        bytes.push(relay.len() as u8);
        bytes.extend_from_slice(relay);
        BASE32_NOPAD.encode(&bytes)
    }

    /// The `hive://join/<text>` link form.
    pub fn to_link(&self) -> String {
        format!("{LINK_PREFIX}{}", self.to_text())
    }

    /// Reads the text or the link form (surrounding blanks ignored, any case).
    pub fn parse(input: &str) -> Result<Invitation, InviteError> {
        let input = input.trim();
        let text = input.strip_prefix(LINK_PREFIX).unwrap_or(input);
        let bytes = BASE32_NOPAD
            .decode(text.to_ascii_uppercase().as_bytes())
            .map_err(|_| InviteError::Encoding)?;
        // A short word is no invitation, whatever its first byte says
        // (not one from a newer program).
        if bytes.len() < MIN_BYTES {
            return Err(InviteError::TooShort(bytes.len()));
        }
        let mut r = Reader(&bytes);
        let format = r.byte()?;
        if format != FORMAT {
            return Err(InviteError::Version(format));
        }
        let role = match r.byte()? {
            0 => Role::Player,
            1 => Role::Watcher,
            _ => return Err(InviteError::Damaged("role")),
        };
        let endpoint: [u8; 32] = r.array()?;
        let secret = Secret(r.array()?);
        let count = usize::from(r.byte()?);
        if count > MAX_ADDRS {
            return Err(InviteError::Damaged("addresses"));
        }
        let mut addrs = Vec::with_capacity(count);
        for _ in 0..count {
            let ip = match r.byte()? {
                4 => IpAddr::V4(Ipv4Addr::from(r.array::<4>()?)),
                6 => IpAddr::V6(Ipv6Addr::from(r.array::<16>()?)),
                _ => return Err(InviteError::Damaged("address family")),
            };
            let port = u16::from_be_bytes(r.array()?);
            addrs.push(SocketAddr::new(ip, port));
        }
        let len = usize::from(r.byte()?);
        let relay = r.take(len)?;
        let relay = match relay.is_empty() {
            true => None,
            false => {
                Some(String::from_utf8(relay.to_vec()).map_err(|_| InviteError::Damaged("relay"))?)
            }
        };
        if !r.0.is_empty() {
            return Err(InviteError::Damaged("trailing bytes"));
        }
        Ok(Invitation {
            endpoint,
            addrs,
            relay,
            secret,
            role,
        })
    }
}

struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], InviteError> {
        if self.0.len() < n {
            return Err(InviteError::Damaged("too short"));
        }
        let (head, tail) = self.0.split_at(n);
        self.0 = tail;
        Ok(head)
    }

    fn byte(&mut self) -> Result<u8, InviteError> {
        Ok(self.take(1)?[0])
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], InviteError> {
        self.take(N)?
            .try_into()
            .map_err(|_| InviteError::Damaged("too short"))
    }
}
