/* Entry: stack, global pointer, trap vector, zeroed .bss, main(), then rs_exit(main's status). */
    .section .text.start, "ax"
    .globl _start
_start:
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    la sp, __stack_top
    la t0, rs_trap
    .option push
    .option arch, +zicsr
    csrw mtvec, t0
    .option pop
    la t0, __bss_start
    la t1, __bss_end
1:  bgeu t0, t1, 2f
    sw zero, 0(t0)
    addi t0, t0, 4
    j 1b
2:  call main
    call rs_exit
3:  j 3b

    /* Any trap (an illegal access, say) ends the run with status 99. */
    .align 4
    .globl rs_trap
rs_trap:
    li a0, 99
    call rs_exit
4:  j 4b
