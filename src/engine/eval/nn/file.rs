//! The network file: what the trainer writes and `--weights` reads.
//!
//! ```text
//! magic    "GKNN1\n"
//! version  u32      the generation that made it
//! features u16, hidden u16, codes u16 (= CODES), flags u16 (= FLAG_INPUTS)
//! pool     f32
//! table    f32 × codes·features
//! w1       f32 × hidden·(features + flags)
//! b1       f32 × hidden
//! w2       f32 × hidden
//! b2       f32
//! check    u64      FNV-1a of every byte before it
//! ```
//!
//! little-endian. The checksum tells a damaged file from a network.

use super::{Network, CODES, FLAG_INPUTS};

/// First bytes of a network file.
pub const MAGIC: &[u8] = b"GKNN1\n";

/// FNV-1a, 64 bits.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Reads the file's fields in order.
struct Reader<'a> {
    rest: &'a [u8],
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        if self.rest.len() < n {
            return Err("the network file ends too early".into());
        }
        let (head, tail) = self.rest.split_at(n);
        self.rest = tail;
        Ok(head)
    }

    fn u16(&mut self) -> Result<usize, String> {
        let b = self.take(2)?;
        Ok(usize::from(u16::from_le_bytes([b[0], b[1]])))
    }

    fn u32(&mut self) -> Result<u32, String> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn f32s(&mut self, n: usize) -> Result<Vec<f32>, String> {
        let bytes = self.take(n.checked_mul(4).ok_or("the network is too large")?)?;
        Ok(bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect())
    }
}

impl Network {
    /// Reads a network file.
    ///
    /// # Errors
    /// What is wrong: not a network file, damaged (checksum), cut short,
    /// sizes this engine cannot use, or values the integer path cannot
    /// hold.
    pub fn parse(bytes: &[u8]) -> Result<Network, String> {
        let Some(body) = bytes.strip_prefix(MAGIC) else {
            return Err("not a network file (it does not start with GKNN1)".into());
        };
        if body.len() < 8 {
            return Err("the network file ends too early".into());
        }
        let (data, check) = bytes.split_at(bytes.len() - 8);
        let want = u64::from_le_bytes(check.try_into().expect("eight bytes"));
        if fnv1a(data) != want {
            return Err("the network file is damaged (its checksum does not match)".into());
        }
        let mut r = Reader {
            rest: &data[MAGIC.len()..],
        };
        let version = r.u32()?;
        let (features, hidden, codes, flags) = (r.u16()?, r.u16()?, r.u16()?, r.u16()?);
        if codes != CODES || flags != FLAG_INPUTS {
            return Err(format!(
                "the network reads {codes} line codes and {flags} flags; this engine gives {CODES} and {FLAG_INPUTS}"
            ));
        }
        let pool = r.f32s(1)?[0];
        let table = r.f32s(CODES * features)?;
        let w1 = r.f32s(hidden * (features + FLAG_INPUTS))?;
        let b1 = r.f32s(hidden)?;
        let w2 = r.f32s(hidden)?;
        let b2 = r.f32s(1)?[0];
        if !r.rest.is_empty() {
            return Err("the network file has bytes after its weights".into());
        }
        Network::new(version, features, hidden, pool, table, w1, b1, w2, b2)
    }

    /// The network as a file.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&self.version.to_le_bytes());
        for n in [self.features, self.hidden, CODES, FLAG_INPUTS] {
            out.extend_from_slice(&(n as u16).to_le_bytes());
        }
        let floats = std::iter::once(&self.pool)
            .chain(&self.table)
            .chain(&self.w1)
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(std::iter::once(&self.b2));
        for v in floats {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let check = fnv1a(&out);
        out.extend_from_slice(&check.to_le_bytes());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::random_network;
    use super::*;

    #[test]
    fn a_network_survives_its_file() {
        let net = random_network(7, 16, 8);
        let bytes = net.to_bytes();
        assert_eq!(Network::parse(&bytes).unwrap(), net);
    }

    #[test]
    fn damaged_cut_or_foreign_files_are_refused_with_a_reason() {
        let bytes = random_network(8, 16, 8).to_bytes();
        let mut flipped = bytes.clone();
        flipped[40] ^= 1;
        assert!(Network::parse(&flipped).unwrap_err().contains("damaged"));
        assert!(Network::parse(&bytes[..bytes.len() / 2])
            .unwrap_err()
            .contains("damaged"));
        assert!(Network::parse(b"GKTUNE1\n....")
            .unwrap_err()
            .contains("not a network file"));
        assert!(Network::parse(b"GKNN1\n")
            .unwrap_err()
            .contains("too early"));
        // A well-formed file whose sizes this engine cannot use.
        let mut net = random_network(9, 16, 8);
        net.features = 99;
        assert!(Network::parse(&net.to_bytes()).is_err());
    }
}
