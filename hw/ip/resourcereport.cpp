#include "hw/ip/resourcereport.h"

#include "core/fileio/safefile.h"
#include "hw/ip/block/blockip.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <regex>
#include <sstream>
#include <thread>

#include <cerrno>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

namespace rs::hw {

namespace fs = std::filesystem;

namespace {

std::string shellQuote(const std::string& s) {
    std::string q = "'";
    for (char c : s) {
        if (c == '\'')
            q += "'\\''";
        else
            q += c;
    }
    return q + "'";
}

/** A file yosys wrote in our temporary folder; empty when it wrote none. */
std::string readText(const fs::path& p) {
    try {
        return fileio::readFileBounded(p.string(), std::uint64_t{256} << 20, "yosys output");
    } catch (const fileio::FileError&) {
        return {};
    }
}

std::string lastLines(const std::string& text, int n) {
    std::size_t pos = text.size();
    while (n-- > 0 && pos > 0) {
        const std::size_t nl = text.rfind('\n', pos - 1);
        if (nl == std::string::npos) return text;
        pos = nl;
    }
    return text.substr(pos == 0 ? 0 : pos + 1);
}

/** Exit status of a shell command; -1 when the shell could not run it. The command runs in its own process
 *  group, so a cancel (polled every 50 ms) stops yosys with the shell: ResourceCancelled. */
int run(const std::string& cmd, const std::atomic<bool>* cancel = nullptr) {
    const pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        setpgid(0, 0);
        execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    setpgid(pid, pid); // also here: the child may not have run yet when a cancel kills its group
    int status = 0;
    for (;;) {
        const pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid) break;
        if (done < 0 && errno != EINTR) return -1;
        if (cancel && cancel->load()) {
            kill(-pid, SIGKILL);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            throw ResourceCancelled("yosys synthesis cancelled");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

fs::path makeTempDir() {
    std::string templ = (fs::temp_directory_path() / "roundscope-yosys-XXXXXX").string();
    if (!mkdtemp(templ.data())) throw std::runtime_error("cannot create a temporary directory for yosys");
    return templ;
}

} // namespace

std::string rtlDirectory() {
    return RS_HW_RTL_DIR;
}

std::vector<std::string> rtlFiles() {
    std::vector<std::string> files;
    std::stringstream ss(RS_HW_RTL_FILES);
    for (std::string f; std::getline(ss, f, ',');)
        files.push_back((fs::path(RS_HW_RTL_DIR) / f).string());
    return files;
}

std::vector<std::string> blockRtlFiles() {
    std::vector<std::string> files;
    for (const char* f : {"lea_core.sv", "skinny_core.sv", "axil_slave.sv", "block_axi_top.sv"})
        files.push_back((fs::path(RS_HW_RTL_DIR) / f).string());
    return files;
}

std::vector<std::string> mldsaRtlFiles() {
    std::vector<std::string> files;
    for (const char* f : {"mldsa_pkg.sv", "mldsa_mulred.sv", "mldsa_bank.sv", "mldsa_butterfly.sv",
                          "mldsa_core.sv", "axil_slave.sv", "mldsa_axi_top.sv"})
        files.push_back((fs::path(RS_HW_RTL_DIR) / f).string());
    return files;
}

std::vector<std::string> resourceRtlFiles(int core) {
    return core == 0 ? rtlFiles() : core == 3 ? mldsaRtlFiles() : blockRtlFiles();
}

std::string yosysProgram(const ResourceOptions& options) {
    if (!options.yosys.empty()) return options.yosys;
    const char* env = std::getenv("ROUNDSCOPE_YOSYS");
    return env && *env ? env : "yosys";
}

std::string yosysVersion(const std::string& program) {
    const fs::path dir = makeTempDir();
    const fs::path out = dir / "version.txt";
    const int rc = run(shellQuote(program) + " -V > " + shellQuote(out.string()) + " 2>&1");
    std::stringstream text(readText(out));
    std::error_code ec;
    fs::remove_all(dir, ec);
    if (rc != 0)
        throw ToolMissing("yosys not found: '" + program +
                          "' could not be run (install the Debian package yosys, or set ROUNDSCOPE_YOSYS)");
    std::string line;
    std::getline(text, line);
    return line;
}

long ResourceCounts::other() const {
    long n = 0;
    for (const auto& [name, count] : cells)
        n += count;
    return n - luts - lutRam - ffs - muxf7 - muxf8 - carry4 - dsp48 - blockRam;
}

ResourceCounts parseYosysStat(const std::string& json) {
    // The design totals: "design": { ... "num_cells_by_type": { "NAME": N, ... } }.
    std::size_t from = json.find("\"design\"");
    if (from == std::string::npos) from = 0;
    const std::size_t key = json.find("\"num_cells_by_type\"", from);
    if (key == std::string::npos) throw std::runtime_error("yosys stat output has no num_cells_by_type");
    const std::size_t open = json.find('{', key), close = json.find('}', key);
    if (open == std::string::npos || close == std::string::npos || close < open)
        throw std::runtime_error("yosys stat output: malformed num_cells_by_type");
    ResourceCounts r;
    const std::string body = json.substr(open + 1, close - open - 1);
    static const std::regex pair("\"([^\"]+)\"\\s*:\\s*([0-9]+)");
    for (auto it = std::sregex_iterator(body.begin(), body.end(), pair); it != std::sregex_iterator(); ++it) {
        const std::string name = (*it)[1];
        const long n = std::stol((*it)[2]);
        r.cells[name] = n;
        if (std::regex_match(name, std::regex("LUT[1-6]")))
            r.luts += n;
        else if (name == "RAMB18E1" || name == "RAMB36E1")
            r.blockRam += n;
        else if (name.rfind("RAM", 0) == 0)
            r.lutRam += n;
        else if (name == "FDRE" || name == "FDSE" || name == "FDCE" || name == "FDPE")
            r.ffs += n;
        else if (name == "MUXF7")
            r.muxf7 = n;
        else if (name == "MUXF8")
            r.muxf8 = n;
        else if (name == "CARRY4")
            r.carry4 = n;
        else if (name == "DSP48E1")
            r.dsp48 = n;
    }
    return r;
}

int parseLtpLength(const std::string& text) {
    static const std::regex length("\\(length=([0-9]+)\\)");
    std::smatch m;
    if (!std::regex_search(text, m, length)) throw std::runtime_error("yosys ltp output has no length");
    return std::stoi(m[1]);
}

int blockResourceCore(const std::string& blockAlgorithmId) {
    const auto alg = blockIpAlgorithm(blockAlgorithmId);
    if (!alg) throw std::invalid_argument("'" + blockAlgorithmId + "' is no cipher of the block core");
    return alg->core == BlockCore::Skinny128_384 ? 4 : static_cast<int>(alg->core);
}

std::string coreTop(int core) {
    switch (core) {
    case 0:
        return "ascon_core";
    case 1:
        return "lea_core";
    case 2:
    case 4:
        return "skinny_core";
    default:
        return "mldsa_core";
    }
}

namespace {

/** The AXI top of a core and its `chparam -set` list (the unroll parameter first). */
std::string axiTop(int core) {
    return core == 0 ? "ascon_axi_top" : core == 3 ? "mldsa_axi_top" : "block_axi_top";
}

std::string unrollParam(int core) {
    return core == 0 ? "UNROLL" : core == 3 ? "B" : "RPC";
}

/** The parameters the options set themselves: the unroll parameter, and block_axi_top's CIPHER. */
std::vector<std::string> ownParams(int core) {
    std::vector<std::string> own{unrollParam(core)};
    if (core == 1 || core == 2 || core == 4) own.emplace_back("CIPHER");
    return own;
}

std::string readVerilog(int core) {
    std::string line = "read_verilog -sv";
    for (const auto& f : resourceRtlFiles(core))
        line += ' ' + f;
    return line + '\n';
}

std::string chparam(const std::string& top, const std::vector<std::pair<std::string, int>>& params) {
    std::string line = "chparam";
    for (const auto& [name, value] : params)
        line += " -set " + name + ' ' + std::to_string(value);
    return line + ' ' + top + '\n';
}

/** One scope's script: the RTL read once, then abc, abc9 and a generic LUT6 mapping for ltp, each from
 *  the saved elaborated design; outputs <scope>.abc.json, <scope>.abc9.json, <scope>.ltp.txt. */
std::string scopeScript(int core, const std::string& scope, const std::string& top,
                        const std::vector<std::pair<std::string, int>>& params) {
    const std::string xc7 = "synth_xilinx -family xc7 -top " + top + " -flatten -noiopad";
    return readVerilog(core) + chparam(top, params) + "hierarchy -top " + top + "\ndesign -save rtl\n" + xc7 +
           "\ntee -q -o " + scope + ".abc.json stat -json\ndesign -load rtl\n" + xc7 + " -abc9\ntee -q -o " +
           scope + ".abc9.json stat -json\ndesign -load rtl\nsynth -flatten -top " + top +
           " -lut 6\ntee -q -o " + scope + ".ltp.txt ltp -noff\n";
}

} // namespace

std::vector<std::string> topParameters(int core) {
    const std::string top = axiTop(core);
    std::string text;
    try {
        text =
            fileio::readFileBounded((fs::path(RS_HW_RTL_DIR) / (top + ".sv")).string(), 1u << 20, "RTL file");
    } catch (const fileio::FileError& e) {
        throw std::runtime_error(std::string("cannot read the parameters of ") + top + ": " + e.what());
    }
    text = std::regex_replace(text, std::regex("//[^\n]*"), " ");
    text = std::regex_replace(text, std::regex("/\\*[\\s\\S]*?\\*/"), " ");
    // The parameter port list: "module TOP #( ... )", up to its matching parenthesis.
    std::smatch m;
    if (!std::regex_search(text, m, std::regex("\\bmodule\\s+" + top + "\\s*#\\s*\\("))) return {};
    const std::size_t open = static_cast<std::size_t>(m.position(0) + m.length(0));
    std::size_t close = open;
    for (int depth = 1; close < text.size() && depth > 0; ++close)
        depth += text[close] == '(' ? 1 : text[close] == ')' ? -1 : 0;
    const std::string ports = text.substr(open, close - open);
    static const std::regex param("\\bparameter\\s+(?:(?:int|integer|bit|logic|unsigned|signed)\\s+)*(?:\\[[^"
                                  "\\]]*\\]\\s*)?([A-Za-z_]\\w*)\\s*=");
    std::vector<std::string> names;
    for (auto it = std::sregex_iterator(ports.begin(), ports.end(), param); it != std::sregex_iterator();
         ++it)
        names.push_back((*it)[1]);
    return names;
}

void checkResourceParams(const ResourceOptions& options) {
    static const std::regex paramName("[A-Za-z_][A-Za-z0-9_]*");
    if (options.params.empty()) return;
    const std::vector<std::string> declared = topParameters(options.core);
    const std::vector<std::string> own = ownParams(options.core);
    std::string settable;
    for (const std::string& d : declared)
        if (std::find(own.begin(), own.end(), d) == own.end()) settable += (settable.empty() ? "" : ", ") + d;
    const std::string top = axiTop(options.core);
    for (const auto& [name, value] : options.params) {
        if (!std::regex_match(name, paramName))
            throw std::invalid_argument("parameter name '" + name + "' is not a Verilog identifier");
        if (std::find(own.begin(), own.end(), name) != own.end())
            throw std::invalid_argument(name + " of " + top + " is set by the " +
                                        (name == "CIPHER" ? "algorithm" : "unroll setting") +
                                        ", not as a parameter");
        if (std::find(declared.begin(), declared.end(), name) == declared.end())
            throw std::invalid_argument(name + " is not a parameter of " + top + " (it has " +
                                        (settable.empty() ? std::string("none to set") : settable) + ")");
    }
}

void checkResourceOptions(const ResourceOptions& options) {
    if (options.core < 0 || options.core > 4)
        throw std::invalid_argument("core " + std::to_string(options.core) +
                                    " is not 0 (Ascon), 1 (LEA), 2 (SKINNY-128-256), 3 (ML-DSA) or 4 "
                                    "(SKINNY-128-384)");
    if (options.core == 3 && options.unroll != 1 && options.unroll != 2 && options.unroll != 4 &&
        options.unroll != 8)
        throw std::invalid_argument("butterflies per clock " + std::to_string(options.unroll) +
                                    " is not 1, 2, 4 or 8");
    const int maxUnroll = options.core == 0 ? 12 : options.core == 4 ? 56 : 48;
    if (options.unroll < 1 || options.unroll > maxUnroll)
        throw std::invalid_argument("unroll " + std::to_string(options.unroll) + " is outside 1.." +
                                    std::to_string(maxUnroll));
    checkResourceParams(options);
}

ResourceReport synthesizeResources(const ResourceOptions& options) {
    checkResourceOptions(options);
    const std::string yosys = yosysProgram(options);
    const auto t0 = std::chrono::steady_clock::now();
    const fs::path dir = makeTempDir();
    struct Cleanup {
        fs::path dir;
        bool keep;
        ~Cleanup() {
            std::error_code ec;
            if (!keep) fs::remove_all(dir, ec);
        }
    } cleanup{dir, options.keepFiles};

    const std::string version = yosysVersion(yosys); // ToolMissing when it cannot run

    std::vector<std::pair<std::string, int>> params{{unrollParam(options.core), options.unroll}};
    // block_axi_top's CIPHER: 1 LEA, 2 SKINNY-128-256, 3 SKINNY-128-384 (resource core 4).
    if (options.core == 1 || options.core == 2 || options.core == 4)
        params.insert(params.begin(), {"CIPHER", options.core == 4 ? 3 : options.core});
    params.insert(params.end(), options.params.begin(), options.params.end());
    const std::string top = axiTop(options.core);
    const auto yosysIn = [&](const std::string& scope) {
        return "cd " + shellQuote(dir.string()) + " && " + shellQuote(yosys) + " -q -l " + scope +
               ".log -s " + scope + ".ys > " + scope + ".out 2>&1";
    };
    ResourceReport r;
    if (!options.detail) {
        std::ofstream(dir / "synth.ys") << readVerilog(options.core) << chparam(top, params)
                                        << "synth_xilinx -family xc7 -top " << top << " -flatten -noiopad\n"
                                        << "tee -q -o stat.json stat -json\n";
        if (run(yosysIn("synth"), options.cancel) != 0 || !fs::exists(dir / "stat.json"))
            throw std::runtime_error("yosys synthesis failed:\n" + lastLines(readText(dir / "synth.out"), 8));
        static_cast<ResourceCounts&>(r) = parseYosysStat(readText(dir / "stat.json"));
    } else {
        std::vector<std::pair<std::string, int>> coreParams{{unrollParam(options.core), options.unroll}};
        if (options.core == 0) {
            // The Ascon core has its AXI top's feature switches under the same names; the core
            // alone gets them too (the FIFO depths are the top's own).
            for (const auto& [name, value] : options.params)
                if (name == "VARIANTS" || name == "LEN_BITS" || name == "PHASE_COUNTERS")
                    coreParams.emplace_back(name, value);
        }
        if (options.core == 4) coreParams.emplace_back("TK", 3); // skinny_core as SKINNY-128-384
        std::ofstream(dir / "ip.ys") << scopeScript(options.core, "ip", top, params);
        std::ofstream(dir / "core.ys")
            << scopeScript(options.core, "core", coreTop(options.core), coreParams);
        // The two scopes in parallel: each run is single-threaded, and abc9 is the slow part.
        const auto timed = [&](const std::string& scope) {
            const auto s0 = std::chrono::steady_clock::now();
            const int rc = run(yosysIn(scope), options.cancel);
            return std::make_pair(
                rc, std::chrono::duration<double>(std::chrono::steady_clock::now() - s0).count());
        };
        auto coreRun = std::async(std::launch::async, timed, std::string("core"));
        const auto ipRc = timed("ip");
        const auto coreRc = coreRun.get();
        const auto collect = [&](const std::string& scope, const std::string& module,
                                 std::pair<int, double> rc) {
            const fs::path ltp = dir / (scope + ".ltp.txt");
            if (rc.first != 0 || !fs::exists(ltp))
                throw std::runtime_error("yosys synthesis of " + module + " failed:\n" +
                                         lastLines(readText(dir / (scope + ".out")), 8));
            ScopeResources s;
            s.top = module;
            s.abc = parseYosysStat(readText(dir / (scope + ".abc.json")));
            s.abc9 = parseYosysStat(readText(dir / (scope + ".abc9.json")));
            s.lutDepth = parseLtpLength(readText(ltp));
            s.seconds = rc.second;
            return s;
        };
        r.ip = collect("ip", top, ipRc);
        r.core = collect("core", coreTop(options.core), coreRc);
        static_cast<ResourceCounts&>(r) = r.ip->abc;
    }
    r.unroll = options.unroll;
    r.yosysVersion = version;
    r.workDir = dir.string();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

} // namespace rs::hw
