#include "core/inputs/hexinputs.h"

namespace rs::inputs {

namespace {
const std::string kEmpty;
}

HexInputs::HexInputs(std::vector<HexField> fields) {
    setFields(std::move(fields));
}

const HexField* HexInputs::field(std::string_view name) const {
    for (const HexField& f : m_fields)
        if (f.name == name) return &f;
    return nullptr;
}

HexInputs::Entry* HexInputs::entry(std::string_view name) {
    for (std::size_t i = 0; i < m_fields.size(); ++i)
        if (m_fields[i].name == name) return &m_entries[i];
    return nullptr;
}

const HexInputs::Entry* HexInputs::entry(std::string_view name) const {
    return const_cast<HexInputs*>(this)->entry(name);
}

bool HexInputs::setText(std::string_view name, std::string text) {
    Entry* e = entry(name);
    if (e == nullptr) return false;
    e->error = validateHex(*field(name), text, nullptr);
    e->text = std::move(text);
    return true;
}

bool HexInputs::setBytes(std::string_view name, const Bytes& bytes) {
    return setText(name, crypto::toHex(bytes));
}

const std::string& HexInputs::text(std::string_view name) const {
    const Entry* e = entry(name);
    return e ? e->text : kEmpty;
}

const std::string& HexInputs::error(std::string_view name) const {
    const Entry* e = entry(name);
    return e ? e->error : kEmpty;
}

std::string HexInputs::firstError() const {
    for (const Entry& e : m_entries)
        if (!e.error.empty()) return e.error;
    return {};
}

std::optional<Bytes> HexInputs::bytes(std::string_view name) const {
    const HexField* f = field(name);
    Bytes out;
    if (f == nullptr || !validateHex(*f, text(name), &out).empty()) return std::nullopt;
    return out;
}

std::optional<std::map<std::string, Bytes>> HexInputs::values() const {
    std::map<std::string, Bytes> out;
    for (const HexField& f : m_fields) {
        auto b = bytes(f.name);
        if (!b) return std::nullopt;
        out.emplace(f.name, std::move(*b));
    }
    return out;
}

std::string HexInputs::randomize(std::string_view name) {
    const HexField* f = field(name);
    if (f == nullptr) return {};
    setBytes(name, randomBytes(*f, text(name)));
    return text(name);
}

void HexInputs::reset() {
    for (std::size_t i = 0; i < m_fields.size(); ++i)
        setText(m_fields[i].name, m_fields[i].defaultHex);
}

void HexInputs::setFields(std::vector<HexField> fields) {
    std::vector<Entry> entries(fields.size());
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const Entry* old = entry(fields[i].name);
        entries[i].text = old ? old->text : fields[i].defaultHex;
        entries[i].error = validateHex(fields[i], entries[i].text, nullptr);
    }
    m_fields = std::move(fields);
    m_entries = std::move(entries);
}

} // namespace rs::inputs
