#include "hw/ip/resourcereport.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

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

std::string readText(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
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

/** Exit status of a std::system command; -1 when the shell could not run it. */
int run(const std::string& cmd) {
    const int rc = std::system(cmd.c_str());
    if (rc == -1) return -1;
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
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
    for (const char* f : {"lea_core.sv", "skinny_core.sv", "block_axi_top.sv"})
        files.push_back((fs::path(RS_HW_RTL_DIR) / f).string());
    return files;
}

std::vector<std::string> mldsaRtlFiles() {
    std::vector<std::string> files;
    for (const char* f : {"mldsa_pkg.sv", "mldsa_mulred.sv", "mldsa_bank.sv", "mldsa_butterfly.sv",
                          "mldsa_core.sv", "mldsa_axi_top.sv"})
        files.push_back((fs::path(RS_HW_RTL_DIR) / f).string());
    return files;
}

ResourceReport parseYosysStat(const std::string& json) {
    // The design totals: "design": { ... "num_cells_by_type": { "NAME": N, ... } }.
    std::size_t from = json.find("\"design\"");
    if (from == std::string::npos) from = 0;
    const std::size_t key = json.find("\"num_cells_by_type\"", from);
    if (key == std::string::npos) throw std::runtime_error("yosys stat output has no num_cells_by_type");
    const std::size_t open = json.find('{', key), close = json.find('}', key);
    if (open == std::string::npos || close == std::string::npos || close < open)
        throw std::runtime_error("yosys stat output: malformed num_cells_by_type");
    ResourceReport r;
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

ResourceReport synthesizeResources(const ResourceOptions& options) {
    if (options.core < 0 || options.core > 3)
        throw std::invalid_argument("core " + std::to_string(options.core) +
                                    " is not 0 (Ascon), 1 (LEA), 2 (SKINNY) or 3 (ML-DSA)");
    if (options.core == 3 && options.unroll != 1 && options.unroll != 2 && options.unroll != 4 &&
        options.unroll != 8)
        throw std::invalid_argument("butterflies per clock " + std::to_string(options.unroll) +
                                    " is not 1, 2, 4 or 8");
    const int maxUnroll = options.core == 0 ? 12 : 48;
    if (options.unroll < 1 || options.unroll > maxUnroll)
        throw std::invalid_argument("unroll " + std::to_string(options.unroll) + " is outside 1.." +
                                    std::to_string(maxUnroll));
    std::string yosys = options.yosys;
    if (yosys.empty()) {
        const char* env = std::getenv("ROUNDSCOPE_YOSYS");
        yosys = env && *env ? env : "yosys";
    }
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

    if (run(shellQuote(yosys) + " -V > " + shellQuote((dir / "version.txt").string()) + " 2>&1") != 0)
        throw ToolMissing("yosys not found: '" + yosys +
                          "' could not be run (install the Debian package yosys, or set ROUNDSCOPE_YOSYS)");

    std::ofstream script(dir / "synth.ys");
    script << "read_verilog -sv";
    for (const auto& f : options.core == 0   ? rtlFiles()
                         : options.core == 3 ? mldsaRtlFiles()
                                             : blockRtlFiles())
        script << ' ' << f;
    if (options.core == 3)
        script << "\nchparam -set B " << options.unroll << " mldsa_axi_top\n"
               << "synth_xilinx -family xc7 -top mldsa_axi_top -flatten -noiopad\n";
    else if (options.core == 0)
        script << "\nchparam -set UNROLL " << options.unroll << " ascon_axi_top\n"
               << "synth_xilinx -family xc7 -top ascon_axi_top -flatten -noiopad\n";
    else
        script << "\nchparam -set CIPHER " << options.core << " -set RPC " << options.unroll
               << " block_axi_top\n"
               << "synth_xilinx -family xc7 -top block_axi_top -flatten -noiopad\n";
    script << "tee -q -o stat.json stat -json\n";
    script.close();

    const std::string cmd = "cd " + shellQuote(dir.string()) + " && " + shellQuote(yosys) +
                            " -q -l synth.log -s synth.ys > yosys.out 2>&1";
    if (run(cmd) != 0 || !fs::exists(dir / "stat.json"))
        throw std::runtime_error("yosys synthesis failed:\n" + lastLines(readText(dir / "yosys.out"), 8));

    ResourceReport r = parseYosysStat(readText(dir / "stat.json"));
    r.unroll = options.unroll;
    std::stringstream version(readText(dir / "version.txt"));
    std::getline(version, r.yosysVersion);
    r.workDir = dir.string();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

} // namespace rs::hw
