/*
 * The load-time probe writes nothing to its program's stdout or stderr: the
 * library is loaded with dlopen (this program does not link it) while file
 * descriptors 1 and 2 point at temporary files, the stdio buffers are flushed,
 * and both files must be empty. cpu_features 0.7's aarch64 reader printed a
 * line on stdout at load on CPUs whose AT_HWCAP2 is 0 (QEMU_CPU=cortex-a53);
 * the probe reads HWCAP itself since (lib/dispatch/cpu.c).
 *
 * usage: test_probe_quiet PATH-TO-libecfield.so [ECFIELD_DISABLE words are
 * taken from the environment, as by the library]
 */
#define _POSIX_C_SOURCE 200809L /* fileno, dup */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static long size_of(FILE *f)
{
	if (fseek(f, 0, SEEK_END) != 0)
		return -1;
	return ftell(f);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s LIBRARY\n", argv[0]);
		return 2;
	}
	FILE *out = tmpfile(), *err = tmpfile();
	int saved_out = dup(1), saved_err = dup(2);
	if (!out || !err || saved_out < 0 || saved_err < 0) {
		perror("tmpfile/dup");
		return 2;
	}
	fflush(stdout);
	fflush(stderr);
	if (dup2(fileno(out), 1) < 0 || dup2(fileno(err), 2) < 0)
		return 2;
	void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	const char *dlerr = lib ? NULL : dlerror();
	const char *(*kernel_name)(void) = NULL;
	void *sym = lib ? dlsym(lib, "ecf_kernel_name") : NULL;
	if (sym)
		memcpy(&kernel_name, &sym, sizeof sym); /* POSIX: dlsym's pointer is the function's */
	const char *name = kernel_name ? kernel_name() : NULL;
	fflush(stdout);
	fflush(stderr);
	dup2(saved_out, 1);
	dup2(saved_err, 2);
	if (!lib) {
		fprintf(stderr, "# FAIL: dlopen %s: %s\n", argv[1], dlerr ? dlerr : "?");
		return 1;
	}
	if (!name) {
		fprintf(stderr, "# FAIL: ecf_kernel_name not found or NULL\n");
		return 1;
	}
	long n_out = size_of(out), n_err = size_of(err);
	fprintf(stderr, "# loaded %s (kernel %s): %ld bytes on stdout, %ld on stderr\n", argv[1], name, n_out, n_err);
	if (n_out != 0 || n_err != 0) {
		char buf[256] = "";
		rewind(n_out != 0 ? out : err);
		size_t k = fread(buf, 1, sizeof buf - 1, n_out != 0 ? out : err);
		buf[k] = '\0';
		fprintf(stderr, "# FAIL: the library wrote at load: \"%s\"\n", buf);
		return 1;
	}
	return 0;
}
