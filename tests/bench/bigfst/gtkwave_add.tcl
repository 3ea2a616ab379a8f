# Run by measure_gtkwave.sh through gtkwave -S once the file is loaded and the window shown: prints the
# time it starts (the end of the open) and how long gtkwave::addSignalsFromList takes for each signal
# of $GTK_SIGS (full GTKWave names, e.g. TOP.bigtop.g[500].u.blk[2].fast[26:0]), then quits.
puts "script_start_ms [clock milliseconds]"
puts "facs [gtkwave::getNumFacs]"
foreach sig $::env(GTK_SIGS) {
    set t0 [clock milliseconds]
    set n [gtkwave::addSignalsFromList [list $sig]]
    puts "add_ms $sig [expr {[clock milliseconds] - $t0}] added $n"
}
gtkwave::/File/Quit
