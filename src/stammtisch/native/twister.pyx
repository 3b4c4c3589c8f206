# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""CPython's Mersenne Twister (``random.Random``) in C: the same numbers from the same state.

A :class:`Twister` seeded with an int gives exactly the draws of
``random.Random(seed)`` for ``getrandbits(k)`` (``k <= 32``), ``random()`` and
``randrange(n)``; :meth:`Twister.from_random` copies a running generator's state and
:meth:`Twister.sync_to` writes it back, so compiled code can continue a Python
generator's stream and hand it on. Algorithm: Matsumoto and Nishimura's MT19937
with CPython's ``init_by_array`` seeding (Modules/_randommodule.c).
"""

from libc.stdint cimport uint32_t

import random

cdef enum:
    N = 624
    M = 397


cdef class Twister:
    """A generator whose draws equal ``random.Random``'s; optionally seeded like it."""

    def __init__(self, seed=None):
        if seed is None:
            self.load(random.Random().getstate())
        elif isinstance(seed, int) and not isinstance(seed, bool):
            self._seed_int(seed)
        else:
            raise TypeError(f"a Twister is seeded with an int, not {type(seed).__name__}")

    @staticmethod
    def from_random(rng):
        """A Twister in the state of the ``random.Random`` ``rng`` (which stays as it is)."""
        twister = Twister.__new__(Twister)
        twister.load(rng.getstate())
        return twister

    def load(self, state):
        """Take a state as ``random.Random.getstate()`` gives it."""
        version, words, gauss_next = state
        if version != 3 or len(words) != N + 1:
            raise ValueError("not a state of random.Random (version 3, 625 words)")
        cdef int i
        for i in range(N):
            self.state[i] = words[i]
        index = words[N]
        if not 0 <= index <= N:
            raise ValueError(f"the state's index {index} is not in 0..{N}")
        self.index = index
        self.gauss_next = gauss_next

    def getstate(self):
        """The state as ``random.Random.getstate()`` gives it."""
        return (3, tuple([self.state[i] for i in range(N)]) + (self.index,), self.gauss_next)

    def sync_to(self, rng):
        """Put the ``random.Random`` ``rng`` in this generator's state."""
        rng.setstate(self.getstate())

    def _seed_int(self, seed):
        # random_seed(): abs(seed) as little-endian 32-bit words, then init_by_array
        n = abs(seed)
        key = []
        while n:
            key.append(n & 0xFFFFFFFF)
            n >>= 32
        if not key:
            key = [0]
        self._init_by_array(key)

    cdef void _init_genrand(self, uint32_t s) noexcept:
        cdef int i
        self.state[0] = s
        for i in range(1, N):
            self.state[i] = 1812433253U * (self.state[i - 1] ^ (self.state[i - 1] >> 30)) + i
        self.index = N

    def _init_by_array(self, list key):
        cdef int length = len(key)
        cdef int i = 1, j = 0, k
        self._init_genrand(19650218U)
        cdef uint32_t word
        k = N if N > length else length
        while k:
            word = key[j]
            self.state[i] = ((self.state[i] ^ ((self.state[i - 1] ^ (self.state[i - 1] >> 30))
                                                 * 1664525U)) + word + j)
            i += 1
            j += 1
            if i >= N:
                self.state[0] = self.state[N - 1]
                i = 1
            if j >= length:
                j = 0
            k -= 1
        k = N - 1
        while k:
            self.state[i] = ((self.state[i] ^ ((self.state[i - 1] ^ (self.state[i - 1] >> 30))
                                                 * 1566083941U)) - i)
            i += 1
            if i >= N:
                self.state[0] = self.state[N - 1]
                i = 1
            k -= 1
        self.state[0] = 0x80000000U

    cdef uint32_t next32(self) noexcept:
        cdef uint32_t y
        cdef int kk
        if self.index >= N:
            for kk in range(N - M):
                y = (self.state[kk] & 0x80000000U) | (self.state[kk + 1] & 0x7fffffffU)
                self.state[kk] = self.state[kk + M] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)
            for kk in range(N - M, N - 1):
                y = (self.state[kk] & 0x80000000U) | (self.state[kk + 1] & 0x7fffffffU)
                self.state[kk] = (self.state[kk + (M - N)] ^ (y >> 1)
                                  ^ (0x9908b0dfU if y & 1 else 0U))
            y = (self.state[N - 1] & 0x80000000U) | (self.state[0] & 0x7fffffffU)
            self.state[N - 1] = self.state[M - 1] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)
            self.index = 0
        y = self.state[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9d2c5680U
        y ^= (y << 15) & 0xefc60000U
        y ^= y >> 18
        return y

    cdef uint32_t bits(self, int k) noexcept:
        """``getrandbits(k)`` for ``0 <= k <= 32``."""
        if k == 0:
            return 0
        return self.next32() >> (32 - k)

    cdef int below(self, int n) noexcept:
        """``_randbelow(n)`` for ``n >= 1``: ``getrandbits(n.bit_length())`` until below ``n``."""
        cdef int k = 0, m = n
        cdef uint32_t r
        while m:
            k += 1
            m >>= 1
        r = self.bits(k)
        while r >= <uint32_t>n:
            r = self.bits(k)
        return <int>r

    cdef double real(self) noexcept:
        cdef uint32_t a = self.next32() >> 5, b = self.next32() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def getrandbits(self, int k):
        if not 0 <= k <= 32:
            raise ValueError(f"a Twister draws 0..32 bits at once, not {k}")
        return self.bits(k)

    def random(self):
        return self.real()

    def randrange(self, int n):
        if n <= 0:
            raise ValueError(f"empty range for randrange({n})")
        return self.below(n)
