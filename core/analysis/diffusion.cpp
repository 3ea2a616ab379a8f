#include "diffusion.h"

namespace rs::analysis {

std::optional<Field> fieldFromName(const std::string& name) {
    if (name == "pt") return Field::Plaintext;
    if (name == "key") return Field::Key;
    if (name == "nonce") return Field::Nonce;
    if (name == "state") return Field::State;
    return std::nullopt;
}

std::string fieldName(Field f) {
    switch (f) {
    case Field::Plaintext: return "pt";
    case Field::Key: return "key";
    case Field::Nonce: return "nonce";
    case Field::State: return "state";
    }
    return "state";
}

} // namespace rs::analysis
