#pragma once
// HexInputs: the hex-input model every facade and page that takes hex shares (the Round Explorer, the
// IP page, the block-IP panel): a list of fields with their texts, each validated as it is set, the
// first error, the decoded bytes once every field is valid, random fill and the spec examples. Plain
// C++; a facade re-emits its changes as Qt signals.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/inputs/hexfield.h"

namespace rs::inputs {

class HexInputs {
  public:
    HexInputs() = default;
    /** @brief The fields, each holding its spec example. */
    explicit HexInputs(std::vector<HexField> fields);

    const std::vector<HexField>& fields() const { return m_fields; }
    /** @brief The field with this name, or nullptr. */
    const HexField* field(std::string_view name) const;

    /** @brief Sets a field's text and validates it; false when there is no such field. */
    bool setText(std::string_view name, std::string text);
    /** @brief Sets a field to the hex of the bytes (validated like typed text: a wrong length is an
     *  error, never truncated); false when there is no such field. */
    bool setBytes(std::string_view name, const Bytes& bytes);
    /** @brief The field's text (empty for an unknown field). */
    const std::string& text(std::string_view name) const;
    /** @brief Why the field is invalid; empty when it is valid (or unknown). */
    const std::string& error(std::string_view name) const;
    /** @brief True when every field is valid. */
    bool valid() const { return firstError().empty(); }
    /** @brief The first error in field order; empty when every field is valid. */
    std::string firstError() const;
    /** @brief The field's bytes; nullopt when it is invalid or unknown. */
    std::optional<Bytes> bytes(std::string_view name) const;
    /** @brief Every field's bytes by name; nullopt unless every field is valid. */
    std::optional<std::map<std::string, Bytes>> values() const;

    /** @brief Fills the field with random bytes (randomBytes) and returns its new text. */
    std::string randomize(std::string_view name);
    /** @brief Puts the spec example back into every field. */
    void reset();

    /** @brief Replaces the field list (the same names keep their texts, new ones get their spec example)
     *  and revalidates every field: a key that grows from 16 to 32 bytes keeps its text, now in error. */
    void setFields(std::vector<HexField> fields);

  private:
    struct Entry {
        std::string text;
        std::string error;
    };
    Entry* entry(std::string_view name);
    const Entry* entry(std::string_view name) const;

    std::vector<HexField> m_fields;
    std::vector<Entry> m_entries; ///< parallel to m_fields
};

} // namespace rs::inputs
