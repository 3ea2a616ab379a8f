#pragma once
// A test VFS in the spirit of SQLite's own crash and I/O-error tests: a shim over the default VFS,
// registered under FaultVfs::kName (the store takes it through StoreOptions::vfs), that counts writes,
// syncs and truncates and makes the Nth one fail, or simulates a power loss at the Nth write: that write
// and every later write, sync, truncate and delete fail (the process "dies"), and restore() then puts
// every file back as its last successful xSync left it (what a disk keeps when the power goes).
// Test-only code; one store at a time uses it.

namespace rs::test {

class FaultVfs {
  public:
    static constexpr const char* kName = "rs-fault";
    enum class Op { Write, Sync, Truncate };

    /** @brief Registers the VFS (once; not as the default). */
    static void install();
    /** @brief Counters to zero, nothing armed, no power loss, no file remembered. */
    static void reset();
    /** @brief The nth (from 1, counted from the last reset) operation of this kind fails with an I/O error.
     */
    static void failAt(Op op, int n);
    /** @brief The power fails at the nth write. */
    static void powerLossAt(int n);
    /** @brief Operations of this kind seen since the last reset (failed ones included). */
    static int count(Op op);
    /** @brief Whether the armed fault or power loss happened. */
    static bool triggered();
    /** @brief After a power loss, with every connection closed: each file written since its last sync is
     *  put back as that sync left it (a file created since is removed). */
    static void restore();
};

} // namespace rs::test
