#!/usr/bin/env python3
"""Writes resources/vectors/mldsa/mldsa_ring_kat.txt: known answers for the ML-DSA ring operations
(FIPS 204 section 7.5) computed from their definitions, independently of any butterfly code:

  * NTT(a)[i] = sum_j a_j * zeta^((2*BitRev8(i)+1)*j) mod q: the evaluation of a at the root the spec puts
    in slot i (zeta = 1753, q = 8380417), by direct summation;
  * NTT^-1: records take a random a and give A = NTT(a), Out = a;
  * MultiplyNTT: A = NTT(a), B = NTT(b), Out = NTT(a * b) with the schoolbook product mod X^256 + 1;
  * AddNTT: A = NTT(a), B = NTT(b), Out = NTT(a + b).

Polynomials are 256 big-endian 32-bit coefficients (1024 bytes); a record of k polynomials concatenates
them. Run from the repository root: python3 tests/crypto/mldsa_ring_kat.py
"""
import random

Q = 8380417
N = 256
ZETA = 1753


def brv8(k):
    return int(f"{k:08b}"[::-1], 2)


def ntt_def(a):
    out = []
    for i in range(N):
        root = pow(ZETA, 2 * brv8(i) + 1, Q)
        acc, x = 0, 1
        for c in a:
            acc = (acc + c * x) % Q
            x = x * root % Q
        out.append(acc)
    return out


def negacyclic(a, b):
    r = [0] * N
    for i in range(N):
        for j in range(N):
            if i + j < N:
                r[i + j] += a[i] * b[j]
            else:
                r[i + j - N] -= a[i] * b[j]
    return [c % Q for c in r]


def enc(polys):
    return "".join("".join(f"{c:08X}" for c in p) for p in polys)


def main():
    rng = random.Random(18)
    rand = lambda: [rng.randrange(Q) for _ in range(N)]
    x = [0] * N
    x[1] = 1
    top = [Q - 1] * N
    records = []
    # NTT: a random polynomial; then X and all q-1 together (two polynomials).
    for polys in ([rand()], [x, top]):
        records.append(("mldsa-ntt", polys, None, [ntt_def(p) for p in polys]))
    # NTT^-1: the transform of a random polynomial; then of all q-1 and of X.
    for polys in ([rand()], [top, x]):
        records.append(("mldsa-intt", [ntt_def(p) for p in polys], None, polys))
    for op in ("mldsa-pwm", "mldsa-pwa"):
        for pairs in ([(rand(), rand())], [(top, top), (rand(), x)]):
            a = [ntt_def(p) for p, _ in pairs]
            b = [ntt_def(q) for _, q in pairs]
            if op == "mldsa-pwm":
                out = [ntt_def(negacyclic(p, q)) for p, q in pairs]
            else:
                out = [ntt_def([(u + v) % Q for u, v in zip(p, q)]) for p, q in pairs]
            records.append((op, a, b, out))
    lines = ["# ML-DSA ring operations (FIPS 204 section 7.5): known answers from the definitions, written by",
             "# tests/crypto/mldsa_ring_kat.py (see resources/vectors/SOURCES.md). 1024 bytes per polynomial.",
             ""]
    for count, (op, a, b, out) in enumerate(records):
        lines.append(f"Count = {count}")
        lines.append(f"Algorithm = {op}")
        lines.append(f"A = {enc(a)}")
        if b is not None:
            lines.append(f"B = {enc(b)}")
        lines.append(f"Out = {enc(out)}")
        lines.append("")
    with open("resources/vectors/mldsa/mldsa_ring_kat.txt", "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
