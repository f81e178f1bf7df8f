// The only C the mock platform sees of libmicrohttpd.
#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
#include <microhttpd.h>
#endif
