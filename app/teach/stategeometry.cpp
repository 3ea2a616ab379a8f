#include "app/teach/stategeometry.h"

#include <algorithm>

namespace rs::teach {

StateGeometry StateGeometry::fromLayout(const crypto::StateLayout& layout) {
    StateGeometry g;
    if (layout.name == "ascon-320") {
        g.kind = Kind::Ascon;
        g.rows = 5;
        g.rowBits = 64;
        g.cellBits = 4;
        g.title = QStringLiteral("Ascon 5×64");
    } else if (layout.name == "lea-128") {
        g.kind = Kind::Lea;
        g.rows = 4;
        g.rowBits = 32;
        g.cellBits = 4;
        g.title = QStringLiteral("LEA 4×32");
    } else if (layout.name == "skinny-128" || layout.name == "skinny-64") {
        g.kind = Kind::Skinny;
        g.rows = 4;
        g.cellBits = layout.cellBits;
        g.rowBits = 4 * layout.cellBits;
        g.byteGroup = layout.cellBits;
        g.title = QStringLiteral("SKINNY-%1 4×4 cells").arg(16 * layout.cellBits);
    } else if (layout.name == "mldsa-poly") {
        // One cell a coefficient: 512 bits a row would not fit, nor would 128 nibbles.
        g.kind = Kind::Polynomial;
        g.rows = layout.rows;
        g.rowBits = layout.cols * layout.cellBits;
        g.cellBits = layout.cellBits;
        g.byteGroup = 4 * layout.cellBits; // a wider gap every 4 coefficients
        g.hexDigits = 6;                   // coefficients are below q = 8380417 < 2^23
        g.title = QStringLiteral("ML-DSA w[0..255], %1 a row").arg(layout.cols);
    } else if (layout.encoding == "keccak-lanes-le") {
        // FIPS 202's 5×5 lanes: one hex cell a lane (16 digits), a wide gap between lanes in the bit view.
        g.kind = Kind::Keccak;
        g.rows = 5;
        g.rowBits = 5 * 64;
        g.cellBits = 64;
        g.byteGroup = 64;
        g.hexDigits = 16;
        g.title = QStringLiteral("Keccak-f[1600] 5×5 lanes A[x,y] of 64 bits");
    } else {
        g.rows = layout.rows;
        g.rowBits = layout.cols * layout.cellBits;
        g.cellBits = layout.cellBits % 4 == 0 ? 4 : 1;
        g.title = QString::fromStdString(layout.name);
    }
    return g;
}

int StateGeometry::bitIndex(int row, int col) const {
    switch (kind) {
    case Kind::Lea: {
        // Word X[row], bit b = 31 - col, stored little-endian: byte 4*row + b/8, bit b%8 of it.
        const int b = 31 - col;
        return (4 * row + b / 8) * 8 + (7 - b % 8);
    }
    case Kind::Keccak: {
        // Lane x + 5·row, bit z = 63 - col % 64, stored little-endian: byte 8·lane + z/8, bit z%8 of it.
        const int laneIndex = col / 64 + 5 * row, z = 63 - col % 64;
        return (8 * laneIndex + z / 8) * 8 + (7 - z % 8);
    }
    case Kind::Ascon:
    case Kind::Skinny:
    case Kind::Polynomial:
    case Kind::Generic:
        // Ascon words are big-endian and SKINNY cells fill the bytes in order: the drawn order is the
        // byte order.
        return row * rowBits + col;
    }
    return row * rowBits + col;
}

QString StateGeometry::rowLabel(int row) const {
    switch (kind) {
    case Kind::Ascon:
        return QStringLiteral("x%1").arg(row);
    case Kind::Lea:
        return QStringLiteral("X[%1]").arg(row);
    case Kind::Polynomial:
        return QStringLiteral("w[%1]").arg(row * (rowBits / std::max(1, cellBits)));
    case Kind::Keccak:
        return QStringLiteral("y=%1").arg(row);
    case Kind::Skinny:
    case Kind::Generic:
        return QStringLiteral("row %1").arg(row);
    }
    return {};
}

QString StateGeometry::columnLabel(int row, int col) const {
    switch (kind) {
    case Kind::Ascon:
        return QStringLiteral("bit %1").arg(63 - col);
    case Kind::Lea:
        return QStringLiteral("bit %1").arg(31 - col);
    case Kind::Skinny:
        return QStringLiteral("cell %1 bit %2")
            .arg(4 * row + col / cellBits)
            .arg(cellBits - 1 - col % cellBits);
    case Kind::Polynomial:
        return QStringLiteral("w[%1] bit %2")
            .arg(row * (rowBits / std::max(1, cellBits)) + col / cellBits)
            .arg(cellBits - 1 - col % cellBits);
    case Kind::Keccak:
        return QStringLiteral("x=%1 z=%2").arg(col / 64).arg(63 - col % 64);
    case Kind::Generic:
        return QStringLiteral("bit %1").arg(col);
    }
    return {};
}

bool stateBit(const std::vector<std::uint8_t>& bytes, int index) {
    if (index < 0 || index / 8 >= static_cast<int>(bytes.size())) return false;
    return (bytes[static_cast<std::size_t>(index / 8)] >> (7 - index % 8)) & 1u;
}

} // namespace rs::teach
