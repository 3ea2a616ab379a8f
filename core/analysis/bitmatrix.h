#pragma once
// A dense bit matrix, rows x cols, each row packed into 64-bit words. The structural analysis keeps
// one row per state bit and one column per varied input bit: "state bit r can depend on varied bit
// c". XOR, addition carries and linear layers all become ORs of whole rows, a few words each.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace rs::analysis {

/** @brief rows x cols bits, row-major, each row in ceil(cols / 64) words (column c in word c / 64,
 *  bit c % 64). Bits past cols in the last word are always zero. */
class BitMatrix {
  public:
    BitMatrix() = default;
    /** @brief An all-zero matrix. */
    BitMatrix(int rows, int cols)
        : m_rows(rows), m_cols(cols), m_words((cols + 63) / 64),
          m_bits(static_cast<std::size_t>(rows) * static_cast<std::size_t>((cols + 63) / 64), 0) {}

    int rows() const noexcept { return m_rows; }
    int cols() const noexcept { return m_cols; }
    /** @brief Words per row. */
    int words() const noexcept { return m_words; }

    /** @brief Bit (r, c). */
    bool get(int r, int c) const noexcept { return (row(r)[c / 64] >> (c % 64)) & 1u; }
    /** @brief Sets bit (r, c). */
    void set(int r, int c) noexcept { row(r)[c / 64] |= std::uint64_t{1} << (c % 64); }

    /** @brief The words of row r. */
    std::span<std::uint64_t> row(int r) noexcept {
        return {m_bits.data() + static_cast<std::size_t>(r) * m_words, static_cast<std::size_t>(m_words)};
    }
    std::span<const std::uint64_t> row(int r) const noexcept {
        return {m_bits.data() + static_cast<std::size_t>(r) * m_words, static_cast<std::size_t>(m_words)};
    }

    /** @brief Row r |= row sr of src (src may be *this); both must have the same cols. */
    void orRow(int r, const BitMatrix& src, int sr) noexcept {
        std::uint64_t* d = m_bits.data() + static_cast<std::size_t>(r) * m_words;
        const std::uint64_t* s = src.m_bits.data() + static_cast<std::size_t>(sr) * m_words;
        for (int w = 0; w < m_words; ++w)
            d[w] |= s[w];
    }
    /** @brief Row r = row sr of src. */
    void copyRow(int r, const BitMatrix& src, int sr) noexcept {
        clearRow(r);
        orRow(r, src, sr);
    }
    /** @brief Clears row r. */
    void clearRow(int r) noexcept {
        for (auto& w : row(r))
            w = 0;
    }

    /** @brief Any bit set in row r. */
    bool rowAny(int r) const noexcept {
        for (const auto w : row(r))
            if (w != 0) return true;
        return false;
    }
    /** @brief Set bits in row r. */
    int rowCount(int r) const noexcept {
        int n = 0;
        for (const auto w : row(r))
            n += std::popcount(w);
        return n;
    }
    /** @brief Set bits in the whole matrix. */
    long long count() const noexcept {
        long long n = 0;
        for (const auto w : m_bits)
            n += std::popcount(w);
        return n;
    }
    /** @brief Every bit set. */
    bool full() const noexcept { return count() == static_cast<long long>(m_rows) * m_cols; }

    friend bool operator==(const BitMatrix&, const BitMatrix&) = default;

  private:
    int m_rows = 0, m_cols = 0, m_words = 0;
    std::vector<std::uint64_t> m_bits;
};

} // namespace rs::analysis
