from libc.stdint cimport uint32_t


cdef class Twister:
    cdef uint32_t state[624]
    cdef int index
    cdef object gauss_next

    cdef uint32_t next32(self) noexcept
    cdef uint32_t bits(self, int k) noexcept
    cdef int below(self, int n) noexcept
    cdef double real(self) noexcept
    cdef void _init_genrand(self, uint32_t s) noexcept
