/* Cortex-A9 (ARMv7-A) start: vector table (VBAR), stacks for SVC and abort modes, .bss cleared, main().
 * A data abort (an access where no device answers, e.g. the IP's address under QEMU, which has no PL)
 * counts in rs_abort_count and resumes after the faulting instruction, so the firmware can probe. */
    .syntax unified
    .arm
    .section .vectors, "ax"
    .align 5
    .globl _start
vectors:
    b _start_real      /* reset */
    b hang             /* undefined */
    b hang             /* SVC */
    b hang             /* prefetch abort */
    b data_abort       /* data abort */
    b hang             /* reserved */
    b hang             /* IRQ */
    b hang             /* FIQ */

    .text
_start:
_start_real:
    cpsid if
    ldr r0, =vectors
    mcr p15, 0, r0, c12, c0, 0   /* VBAR */
    cps #0x17                    /* abort mode */
    ldr sp, =__abort_stack
    cps #0x13                    /* SVC mode */
    ldr r0, =__svc_stack_limit   /* the SVC stack filled with a pattern: hal_stack_used() finds */
    ldr r1, =__svc_stack         /* the deepest word the firmware ever wrote */
    ldr r2, =0x5AA5F00D
2:  cmp r0, r1
    strlo r2, [r0], #4
    blo 2b
    ldr sp, =__svc_stack
    ldr r0, =__bss_start
    ldr r1, =__bss_end
    mov r2, #0
1:  cmp r0, r1
    strlo r2, [r0], #4
    blo 1b
    bl main
hang:
    b hang

data_abort:
    push {r0, r1}
    ldr r0, =rs_abort_count
    ldr r1, [r0]
    add r1, r1, #1
    str r1, [r0]
    pop {r0, r1}
    subs pc, lr, #4              /* resume after the faulting instruction */
