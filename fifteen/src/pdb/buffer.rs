//! Zeroed arrays for the table builder, on transparent huge pages where the system grants
//! them.

/// A zeroed array of `T` on transparent huge pages where the system grants them (an
/// anonymous map advised `MADV_HUGEPAGE` on Linux), else an ordinary vector: the builder's
/// random accesses then miss the TLB far less often. The contents never depend on which.
pub(super) enum Buffer<T> {
    Mapped(memmap2::MmapMut, std::marker::PhantomData<T>),
    Plain(Vec<T>),
}

impl<T: bytemuck::Pod> Buffer<T> {
    pub(super) fn zeroed(len: usize) -> Buffer<T> {
        let bytes = len.checked_mul(std::mem::size_of::<T>()).filter(|&b| b >= HUGE_PAGE);
        if let Some(mut map) = bytes.and_then(|b| memmap2::MmapMut::map_anon(b).ok()) {
            #[cfg(target_os = "linux")]
            let _ = map.advise(memmap2::Advice::HugePage);
            if bytemuck::try_cast_slice_mut::<u8, T>(&mut map[..]).is_ok() {
                return Buffer::Mapped(map, std::marker::PhantomData);
            }
        }
        Buffer::Plain(vec![T::zeroed(); len])
    }

    pub(super) fn len(&self) -> usize {
        self.as_slice().len()
    }

    pub(super) fn as_slice(&self) -> &[T] {
        match self {
            Buffer::Mapped(map, _) => bytemuck::cast_slice(&map[..]),
            Buffer::Plain(v) => v,
        }
    }

    pub(super) fn as_mut_slice(&mut self) -> &mut [T] {
        match self {
            Buffer::Mapped(map, _) => bytemuck::cast_slice_mut(&mut map[..]),
            Buffer::Plain(v) => v,
        }
    }
}

/// The size of a huge page: smaller buffers are plain vectors.
pub(super) const HUGE_PAGE: usize = 1 << 21;

#[cfg(test)]
mod tests {
    use super::*;

    /// Buffers of every size are zeroed arrays of the asked length, mapped (from a huge
    /// page up, where the system allows it) or plain, and hold what is written.
    #[test]
    fn buffers_are_zeroed_writable_arrays() {
        for len in [0, 1, 1000, HUGE_PAGE / 4, HUGE_PAGE / 4 + 3, HUGE_PAGE] {
            let mut words = Buffer::<u32>::zeroed(len);
            assert_eq!(words.len(), len);
            assert!(words.as_slice().iter().all(|&w| w == 0));
            for (i, w) in words.as_mut_slice().iter_mut().enumerate() {
                *w = i as u32 ^ 0x5A5A;
            }
            assert!(words.as_slice().iter().enumerate().all(|(i, &w)| w == i as u32 ^ 0x5A5A));
            let bytes = len * 4;
            if cfg!(unix) && bytes >= HUGE_PAGE {
                assert!(matches!(words, Buffer::Mapped(..)), "{len} words");
            }
            if bytes < HUGE_PAGE {
                assert!(matches!(words, Buffer::Plain(_)), "{len} words");
            }
        }
        let mut list = Buffer::<u64>::zeroed(HUGE_PAGE / 8);
        list.as_mut_slice()[HUGE_PAGE / 8 - 1] = u64::MAX;
        assert_eq!(list.as_slice().iter().filter(|&&e| e != 0).count(), 1);
    }
}
