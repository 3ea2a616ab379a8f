#include "riscv/papers/paper003.h"

#include "core/campaign/campaignspec.h"
#include "core/oracle/operation.h"

namespace rs::riscv {

namespace {

/** The preset's operations: the block-cipher mode's (the CTR table) and the AEAD's (the GCM table). */
struct Operations {
    std::vector<std::string> ctr, gcm;
    campaign::CampaignSpec spec;
};

Operations operations() {
    Operations ops;
    try {
        ops.spec = campaign::presetSpec("paper003");
    } catch (const campaign::SpecError& e) {
        throw RiscvError(std::string("paper 003: ") + e.what());
    }
    for (const std::string& id : ops.spec.algorithms)
        (oracle::operation(id).aead ? ops.gcm : ops.ctr).push_back(id);
    return ops;
}

std::vector<const RiscvKernel*> kernelsOf(const std::vector<std::string>& algorithms) {
    std::vector<const RiscvKernel*> out;
    for (const std::string& id : algorithms)
        for (const RiscvKernel* k : kernelsFor(id))
            out.push_back(k);
    return out;
}

RiscvRequest on(RiscvRequest r, const std::string& sim, const std::string& isa) {
    r.sim = sim;
    r.isa = isa;
    return r;
}

} // namespace

std::vector<const RiscvKernel*> paper003CtrKernels() {
    return kernelsOf(operations().ctr);
}

std::vector<RiscvRequest> paper003Requests(const std::string& sim, const std::string& isa) {
    const Operations ops = operations();
    std::vector<RiscvRequest> out;
    for (const RiscvKernel* k : kernelsOf(ops.ctr))
        out.push_back(on(requestFor(k->id, kPaper003CtrBytes, 0), sim, isa));
    for (const RiscvKernel* k : kernelsOf(ops.gcm))
        for (const std::uint64_t ad : ops.spec.adBytes)
            for (const std::uint64_t n : ops.spec.messageBytes)
                out.push_back(on(requestFor(k->id, n, ad), sim, isa));
    return out;
}

Paper003 paper003(const std::string& sim, const std::string& isa, const std::atomic<bool>* cancel) {
    const std::size_t ctrRows = paper003CtrKernels().size();
    Paper003 t;
    for (const RiscvRequest& r : paper003Requests(sim, isa))
        (t.ctr.size() < ctrRows ? t.ctr : t.gcm).push_back(runKernel(r, cancel));
    return t;
}

} // namespace rs::riscv
