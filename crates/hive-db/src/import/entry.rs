//! A zip entry read whole, with one inflater kept from entry to entry.
//!
//! `zip`'s own reader builds a fresh inflater (about 40 KiB, zeroed) for
//! every entry, and a yearly archive of boardspace's holds thousands of
//! one-game entries: that setup was about a twentieth of an import. Here
//! the entry's compressed bytes are read raw and inflated with a kept
//! [`flate2::Decompress`], reset between entries; the size and the CRC-32
//! the archive declares are checked as `zip` checks them.

use std::io::{Read, Seek};

use flate2::{Decompress, DecompressError, FlushDecompress, Status};
use zip::result::ZipError;
use zip::{CompressionMethod, ZipArchive};

use super::MAX_RECORD_BYTES;

/// Why a zip entry cannot be read; the words are the entry's reason in the
/// import's report.
#[derive(Debug, thiserror::Error)]
pub(super) enum EntryError {
    /// The archive cannot give the entry.
    #[error("cannot read the archive's entry: {0}")]
    Entry(ZipError),
    /// The entry is encrypted.
    #[error("cannot read the archive's entry: it is encrypted")]
    Encrypted,
    /// The entry declares more than [`MAX_RECORD_BYTES`].
    #[error("larger than {} MiB, not a game record", MAX_RECORD_BYTES >> 20)]
    TooLarge,
    /// The entry's compressed bytes cannot be read.
    #[error("cannot read: {0}")]
    Read(std::io::Error),
    /// The entry's compressed bytes do not inflate.
    #[error("cannot read: {0}")]
    Inflate(DecompressError),
    /// The deflate stream does not end with the compressed bytes.
    #[error("cannot read: the entry's compressed data is damaged")]
    Damaged,
    /// Compressed other than with deflate (or stored).
    #[error("cannot read the archive's entry: compressed with {0:?}, not deflate")]
    Method(CompressionMethod),
    /// The bytes are not the size or the CRC-32 the archive declares.
    #[error("cannot read: the entry does not match its size or checksum")]
    Mismatch,
}

/// Reads zip entries whole, reusing its inflater and buffers.
pub(super) struct EntryReader {
    inflater: Decompress,
    compressed: Vec<u8>,
    bytes: Vec<u8>,
}

impl Default for EntryReader {
    fn default() -> EntryReader {
        EntryReader {
            // Raw deflate, as zip stores it (no zlib header).
            inflater: Decompress::new(false),
            compressed: Vec::new(),
            bytes: Vec::new(),
        }
    }
}

impl EntryReader {
    /// The bytes of entry `index`, or why they cannot be read (a message
    /// for the import's report). Hand the buffer back with
    /// [`EntryReader::give_back`] to keep its room for the next entry.
    pub(super) fn read<R: Read + Seek>(
        &mut self,
        archive: &mut ZipArchive<R>,
        index: usize,
    ) -> Result<Vec<u8>, EntryError> {
        let mut entry = archive.by_index_raw(index).map_err(EntryError::Entry)?;
        if entry.encrypted() {
            return Err(EntryError::Encrypted);
        }
        let size = entry.size();
        if size > MAX_RECORD_BYTES {
            return Err(EntryError::TooLarge);
        }
        let (method, crc) = (entry.compression(), entry.crc32());
        self.compressed.clear();
        entry
            .read_to_end(&mut self.compressed)
            .map_err(EntryError::Read)?;
        drop(entry);
        let mut bytes = std::mem::take(&mut self.bytes);
        bytes.clear();
        match method {
            CompressionMethod::Stored => bytes.extend_from_slice(&self.compressed),
            CompressionMethod::Deflated => {
                // Room for one byte more than declared: a longer entry
                // stops there and is refused below.
                bytes.reserve(size as usize + 1);
                self.inflater.reset(false);
                let status = self
                    .inflater
                    .decompress_vec(&self.compressed, &mut bytes, FlushDecompress::Finish)
                    .map_err(EntryError::Inflate)?;
                if status != Status::StreamEnd {
                    return Err(EntryError::Damaged);
                }
            }
            other => return Err(EntryError::Method(other)),
        }
        if bytes.len() as u64 != size || crc32fast::hash(&bytes) != crc {
            return Err(EntryError::Mismatch);
        }
        Ok(bytes)
    }

    /// Keeps `bytes`' room for the next entry.
    pub(super) fn give_back(&mut self, bytes: Vec<u8>) {
        self.bytes = bytes;
    }
}

#[cfg(test)]
mod tests {
    use std::io::{Cursor, Write};

    use zip::write::SimpleFileOptions;

    use super::*;

    fn archive(entries: &[(&str, &[u8], CompressionMethod)]) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, bytes, method) in entries {
            let options = SimpleFileOptions::default().compression_method(*method);
            writer.start_file(*name, options).expect("entry starts");
            writer.write_all(bytes).expect("entry written");
        }
        writer.finish().expect("archive finished").into_inner()
    }

    /// Deflated and stored entries read back byte for byte, one inflater
    /// for all; an entry whose bytes were damaged is refused, not misread.
    #[test]
    fn entries_read_back_whole_and_damage_is_refused() {
        // 80,000 bytes that do not compress much (a linear congruential
        // sequence), so that the damage below falls in the data.
        let mut state = 1u32;
        let long: Vec<u8> = (0..80_000)
            .map(|_| {
                state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                (state >> 24) as u8
            })
            .collect();
        let entries: [(&str, &[u8], CompressionMethod); 4] = [
            ("a.sgf", b"(;GM[27]SU[hive])", CompressionMethod::Deflated),
            ("b.sgf", &long, CompressionMethod::Deflated),
            ("c.sgf", b"stored as it is", CompressionMethod::Stored),
            ("d.sgf", b"", CompressionMethod::Deflated),
        ];
        let bytes = archive(&entries);
        let mut zip = ZipArchive::new(Cursor::new(bytes.clone())).expect("archive opens");
        let mut reader = EntryReader::default();
        for round in 0..2 {
            for (index, (name, want, _)) in entries.iter().enumerate() {
                let got = reader.read(&mut zip, index).expect("entry reads");
                assert_eq!(&got, want, "{name}, round {round}");
                reader.give_back(got);
            }
        }
        // Flip a byte inside the long entry's compressed data.
        let at = bytes
            .windows(5)
            .position(|w| w == b"b.sgf")
            .expect("the long entry's name")
            + 200;
        let mut damaged = bytes;
        damaged[at] ^= 0x55;
        let mut zip = ZipArchive::new(Cursor::new(damaged)).expect("archive still opens");
        let error = reader
            .read(&mut zip, 1)
            .expect_err("damage is seen")
            .to_string();
        assert!(error.starts_with("cannot read"), "{error}");
        let first = reader
            .read(&mut zip, 0)
            .expect("the other entries still read");
        assert_eq!(first, entries[0].1);
    }
}
