# Vivado block design for the RoundScope Ascon IP on a Zynq-7020: PS7 (board preset: DDR, UART1, clocks),
# FCLK_CLK0 = 100 MHz for the PL, M_AXI_GP0 -> AXI interconnect -> ascon_axi_wrapper at 0x43C00000 (4 KiB),
# then synthesis, implementation, bitstream and an .xsa for Vitis (see hw/zynq/README.md).
#
#   vivado -mode batch -source hw/zynq/board/ascon_bd.tcl -tclargs [PART] [BOARD_PART] [UNROLL]
#   defaults: xc7z020clg400-1 (PYNQ-Z1 / Zybo Z7-20), no board part, UNROLL 1
#   ZedBoard: -tclargs xc7z020clg484-1 avnet.com:zedboard:part0:1.4 1
set here [file dirname [file normalize [info script]]]
set rtl [file normalize "$here/../../rtl"]
set part [expr {[llength $argv] > 0 ? [lindex $argv 0] : "xc7z020clg400-1"}]
set board_part [expr {[llength $argv] > 1 ? [lindex $argv 1] : ""}]
set unroll [expr {[llength $argv] > 2 ? [lindex $argv 2] : 1}]

create_project roundscope_ascon ./vivado_roundscope -part $part -force
if {$board_part ne ""} { set_property board_part $board_part [current_project] }
set sources [list $here/ascon_axi_wrapper.v]
foreach f {ascon_pkg.sv ascon_round.sv ascon_perm.sv ascon_fifo.sv ascon_frontend.sv ascon_core.sv axil_slave.sv ascon_axi_top.sv} {
    lappend sources "$rtl/$f"
}
add_files -norecurse $sources
update_compile_order -fileset sources_1

create_bd_design ascon
set ps7 [create_bd_cell -type ip -vlnv xilinx.com:ip:processing_system7:5.5 ps7]
apply_bd_automation -rule xilinx.com:bd_rule:processing_system7 \
    -config [list make_external "FIXED_IO, DDR" apply_board_preset [expr {$board_part ne "" ? 1 : 0}]] $ps7
set_property -dict [list CONFIG.PCW_FPGA0_PERIPHERAL_FREQMHZ {100} CONFIG.PCW_USE_M_AXI_GP0 {1} \
                         CONFIG.PCW_UART1_PERIPHERAL_ENABLE {1}] $ps7
set ip [create_bd_cell -type module -reference ascon_axi_wrapper ascon_0]
set_property CONFIG.UNROLL $unroll $ip
apply_bd_automation -rule xilinx.com:bd_rule:axi4 \
    -config {Master "/ps7/M_AXI_GP0" Clk_master "Auto" Clk_slave "Auto" Clk_xbar "Auto" intc_ip "New AXI Interconnect"} \
    [get_bd_intf_pins ascon_0/s_axi]
set_property offset 0x43C00000 [get_bd_addr_segs {ps7/Data/SEG_ascon_0_reg0}]
set_property range 4K [get_bd_addr_segs {ps7/Data/SEG_ascon_0_reg0}]
validate_bd_design
save_bd_design

make_wrapper -files [get_files ascon.bd] -top
add_files -norecurse [file normalize ./vivado_roundscope/roundscope_ascon.gen/sources_1/bd/ascon/hdl/ascon_wrapper.v]
set_property top ascon_wrapper [current_fileset]
launch_runs impl_1 -to_step write_bitstream -jobs 4
wait_on_run impl_1
write_hw_platform -fixed -include_bit -force ./roundscope_ascon.xsa
puts "roundscope: wrote ./roundscope_ascon.xsa (IP at 0x43C00000, PL clock 100 MHz, UNROLL $unroll)"
