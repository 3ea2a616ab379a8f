#include "core/crypto/asconpermutation.h"

#include <string>

namespace rs::crypto {

namespace detail {
void throwBadAsconRounds(int rounds) {
    throw InvalidArgument("Ascon permutation rounds must be 1..12, got " + std::to_string(rounds));
}
} // namespace detail

void asconPermute(AsconState& s, int rounds) {
    NoTrace none;
    permuteWith(s, rounds, none, {}, -1);
}

void asconPermuteTraced(AsconState& s, int rounds, Trace& trace) {
    // Validate before touching the trace, so a rejected call leaves it unchanged.
    if (rounds < 1 || rounds > 12) detail::throwBadAsconRounds(rounds);
    trace.layout = asconLayout();
    TraceRecorder rec(trace);
    asconPermuteObserved(s, rounds, rec);
}

void asconPermuteObserved(AsconState& s, int rounds, StepSink& sink) {
    if (rounds < 1 || rounds > 12) detail::throwBadAsconRounds(rounds);
    detail::asconRecord(sink, "permutation", -1, 0, "input", s);
    permuteWith(s, rounds, sink, "permutation", -1);
}

Bytes asconStateBytes(const AsconState& s) {
    const auto a = detail::asconStateArray(s.x[0], s.x[1], s.x[2], s.x[3], s.x[4]);
    return Bytes(a.begin(), a.end());
}

AsconState asconStateFromBytes(ByteView bytes) {
    requireLength("Ascon state", bytes, 40);
    AsconState s;
    for (std::size_t i = 0; i < 5; ++i)
        s.x[i] = detail::asconLoad<false>(bytes.data() + 8 * i);
    return s;
}

StateLayout asconLayout() {
    StateLayout l;
    l.name = "ascon-320";
    l.rows = 5;
    l.cols = 64;
    l.cellBits = 1;
    l.rowLabel = "x";
    l.encoding = "40 bytes: words x0..x4 in order, 8 bytes each, each word big-endian (its hex value "
                 "written most significant byte first). Row i is word xi; column 0 is bit 63 (the "
                 "leftmost cell, the MSB of the word's first byte) and column 63 is bit 0. This is the "
                 "word view for every variant: SP 800-232 loads data little-endian into the words, "
                 "v1.2 big-endian, but the state bytes always show the word values.";
    return l;
}

} // namespace rs::crypto
