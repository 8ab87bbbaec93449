//! A pattern database's entries in memory.
//!
//! The search reads a few entries at every node, at places far apart in hundreds of
//! megabytes, so nearly every read misses the processor's translation cache as well as its
//! data cache. On Linux a large table therefore lives in an anonymous mapping that the kernel
//! is asked to back with transparent huge pages (2 MB instead of 4 KB: the 7-8 tables' 519 MB
//! fit in the translation cache's reach). Where that is not available (the kernel says no,
//! Windows, the browser) the entries are an ordinary vector; the search reads them the same
//! way either way.

/// Tables at least this large go to a mapping with huge pages (the 7-8 ones; the 6-6-3 ones,
/// a few megabytes, stay in a vector).
#[cfg(target_os = "linux")]
const HUGE_FROM: usize = 32 << 20;

/// The entries of one table: bytes, read and written as a slice.
pub(crate) struct Packed(Store);

enum Store {
    Heap(Vec<u8>),
    #[cfg(target_os = "linux")]
    Mapped(memmap2::MmapMut),
}

impl Packed {
    /// The entries `bytes`, copied into a mapping with huge pages when they are large and the
    /// system gives one.
    pub(crate) fn copy_of(bytes: &[u8]) -> Packed {
        #[cfg(target_os = "linux")]
        if let Some(mut map) = huge_map(bytes.len()) {
            map.copy_from_slice(bytes);
            return Packed(Store::Mapped(map));
        }
        Packed(Store::Heap(bytes.to_vec()))
    }

    /// `len` zero bytes, to be filled (from a file), in a mapping with huge pages when they
    /// are many and the system gives one.
    pub(crate) fn zeroed(len: usize) -> Packed {
        #[cfg(target_os = "linux")]
        if let Some(map) = huge_map(len) {
            return Packed(Store::Mapped(map));
        }
        Packed(Store::Heap(vec![0; len]))
    }

    /// The entries `bytes`, kept in place unless a mapping with huge pages suits them better.
    pub(crate) fn from_vec(bytes: Vec<u8>) -> Packed {
        #[cfg(target_os = "linux")]
        if bytes.len() >= HUGE_FROM {
            return Packed::copy_of(&bytes);
        }
        Packed(Store::Heap(bytes))
    }

    /// Whether the entries are in a mapping the kernel was asked to back with huge pages.
    pub(crate) fn is_mapped(&self) -> bool {
        match self.0 {
            Store::Heap(_) => false,
            #[cfg(target_os = "linux")]
            Store::Mapped(_) => true,
        }
    }
}

/// An anonymous mapping of `len` bytes advised to use huge pages, for a large table; `None`
/// for a small one or when the system refuses (then a vector serves).
#[cfg(target_os = "linux")]
fn huge_map(len: usize) -> Option<memmap2::MmapMut> {
    if len < HUGE_FROM {
        return None;
    }
    let map = memmap2::MmapMut::map_anon(len).ok()?;
    // the advice must come before the pages are first touched (by the copy), so that the
    // kernel gives huge ones on the first fault; a kernel without them refuses, and the
    // mapping still works with small pages
    let _ = map.advise(memmap2::Advice::HugePage);
    Some(map)
}

impl std::ops::Deref for Packed {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        match &self.0 {
            Store::Heap(v) => v,
            #[cfg(target_os = "linux")]
            Store::Mapped(m) => m,
        }
    }
}

impl std::ops::DerefMut for Packed {
    fn deref_mut(&mut self) -> &mut [u8] {
        match &mut self.0 {
            Store::Heap(v) => v,
            #[cfg(target_os = "linux")]
            Store::Mapped(m) => m,
        }
    }
}

impl Clone for Packed {
    fn clone(&self) -> Packed {
        Packed::copy_of(self)
    }
}

impl PartialEq for Packed {
    fn eq(&self, other: &Packed) -> bool {
        **self == **other
    }
}

impl Eq for Packed {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_tables_stay_in_a_vector_and_read_back_the_same() {
        let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7) as u8).collect();
        let packed = Packed::from_vec(bytes.clone());
        assert!(!packed.is_mapped());
        assert_eq!(&*packed, &bytes[..]);
        assert!(packed == packed.clone());
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn large_tables_go_to_a_mapping_and_read_back_the_same() {
        let bytes: Vec<u8> = (0..HUGE_FROM + 4099).map(|i| (i % 251) as u8).collect();
        let mut packed = Packed::from_vec(bytes.clone());
        assert!(
            packed.is_mapped(),
            "an anonymous mapping is always available on Linux"
        );
        assert_eq!(&*packed, &bytes[..]);
        packed[5] ^= 1;
        assert_ne!(&*packed, &bytes[..]);
        assert!(packed == packed.clone());
    }
}
