# GTKWave Tcl script run by make-gtkw.sh: builds a view of verilator.vcd and writes gtkwave-made.gtkw.
gtkwave::addSignalsFromList [list TOP.top.clk TOP.top.phase TOP.top.count TOP.top.mix TOP.top.state TOP.top.u_sub.count_q]
gtkwave::highlightSignalsFromList [list TOP.top.count\[7:0\]]
gtkwave::/Edit/Data_Format/Binary
gtkwave::/Edit/UnHighlight_All
gtkwave::highlightSignalsFromList [list TOP.top.mix\[15:0\]]
gtkwave::/Edit/Data_Format/Signed_Decimal
gtkwave::/Edit/UnHighlight_All
gtkwave::highlightSignalsFromList [list TOP.top.u_sub.count_q\[7:0\]]
gtkwave::/Edit/Data_Format/Decimal
gtkwave::/Edit/UnHighlight_All
gtkwave::highlightSignalsFromList [list TOP.top.state\[319:0\] TOP.top.u_sub.count_q\[7:0\]]
gtkwave::/Edit/Create_Group regs
gtkwave::/Edit/UnHighlight_All
gtkwave::setZoomFactor -4
gtkwave::setMarker 50000
gtkwave::setNamedMarker A 20000 first
gtkwave::setNamedMarker B 120000
gtkwave::setWindowStartTime 10000
gtkwave::/File/Write_Save_File gtkwave-made.gtkw
gtkwave::/File/Quit
