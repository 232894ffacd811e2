#ifndef NOODLE_CWIDTH_H
#define NOODLE_CWIDTH_H
#include <stdint.h>

/// Display columns of one Unicode scalar as glibc's UTF-8 tables see it:
/// -1 for controls, 0 for combining marks, 2 for wide (Hangul, CJK), else 1.
int noodle_scalar_width(uint32_t scalar);

#endif
