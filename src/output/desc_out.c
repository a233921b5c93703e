/*
 * desc_out.c: formats MMA shared-memory descriptors and refusals (see
 * desc_out.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "../core/dtype.h"
#include "desc_out.h"

static const char *swizzle_text(const axe_mma_desc *d)
{
	int bytes = d->swizzle_bytes;

	if (d->base32b)
		return "128B_base32B";
	return bytes == 128 ? "128B" : bytes == 64 ? "64B" : bytes == 32 ? "32B" : "none";
}

/* "M x K", "K x N": the tile's dimensions in their order. */
static const char *dims_text(const axe_mma_desc_request *req, char *buf, size_t size)
{
	char mn = req->operand == 'b' ? 'N' : 'M';

	snprintf(buf, size, req->k_first ? "K x %c" : "%c x K", mn);
	return buf;
}

/* "static constexpr uint64_t desc_a[N] = {...};  // NOTE" into "buf". */
static void cpp_text(const axe_mma_desc_request *req, const axe_mma_desc *d, char *buf,
		     size_t size)
{
	size_t n = (size_t)snprintf(buf, size, "static constexpr uint64_t desc_%c[%" PRId64
				    "] = {", req->operand, d->nkblocks);

	for (int64_t b = 0; b < d->nkblocks && n < size; b++)
		n += (size_t)snprintf(buf + n, size - n, "%s0x%016" PRIx64 "ull", b ? ", " : "",
				      axe_mma_desc_kblock(d, b));
	if (n < size)
		snprintf(buf + n, size - n, "};  // one per K block; add (shared base address >> "
			 "4) to each%s", d->swizzle_bytes ? ", the base aligned to the swizzle "
			 "repeat" : "");
}

static void text(axe_writer *w, const axe_mma_desc_request *req, const axe_mma_desc *d)
{
	const axe_dtype_info *info = axe_dtype_get(req->dtype);
	bool t5 = req->mma == AXE_MMA_TCGEN05;
	char cpp[2048];

	char dims[8];

	axe_write_fmt(w, "descriptor (%s, operand %c, %s-major, swizzle %s): 0x%016" PRIx64 "\n",
		      t5 ? "tcgen05" : "wgmma", req->operand == 'b' ? 'B' : 'A',
		      d->major == AXE_MMA_MAJOR_K ? "K" : "MN", swizzle_text(d), d->value);
	axe_write_fmt(w, "  start address  = %u  // bits 0-13, bytes >> 4, from the buffer base\n",
		      d->start_address);
	axe_write_fmt(w, "  leading offset = %u  // bits 16-29, LBO: %u bytes%s\n", d->lbo,
		      d->lbo * 16, d->major == AXE_MMA_MAJOR_K && d->swizzle_bytes ?
		      " (unused when swizzled: 1)" : "");
	axe_write_fmt(w, "  stride offset  = %u  // bits 32-45, SBO: %u bytes\n", d->sbo,
		      d->sbo * 16);
	if (t5)
		axe_write_fmt(w, "  version        = %u  // bits 46-47\n", d->version);
	axe_write_fmt(w, "  base offset    = %u  // bits 49-51: the swizzle pattern starts at the "
		      "buffer base\n", d->base_offset);
	if (t5)
		axe_write_fmt(w, "  lbo mode       = %u  // bit 52: relative\n", d->lbo_mode);
	axe_write_fmt(w, "  layout type    = %u  // bits %s\n", d->layout_type,
		      t5 ? "61-63" : "62-63");
	axe_write_fmt(w, "tile: %" PRId64 " x %" PRId64 " %s (%s), %" PRId64 " K block%s of %"
		      PRId64 " elements, starting at bytes", req->k_first ? d->k : d->mn,
		      req->k_first ? d->mn : d->k, info ? info->name : "?",
		      dims_text(req, dims, sizeof(dims)), d->nkblocks, d->nkblocks == 1 ? "" : "s",
		      d->k_block);
	for (int64_t b = 0; b < d->nkblocks; b++)
		axe_write_fmt(w, "%s %" PRId64, b ? "," : "", d->kblock_bytes[b]);
	axe_write_fmt(w, "\ncanonical form: %s\n", d->canonical);
	cpp_text(req, d, cpp, sizeof(cpp));
	axe_write_str(w, cpp);
	axe_write_char(w, '\n');
}

static void json_str(axe_writer *w, const char *key, const char *value)
{
	axe_write_fmt(w, ",\"%s\":", key);
	axe_write_json_string(w, value);
}

static void json(axe_writer *w, const axe_mma_desc_request *req, const axe_mma_desc *d)
{
	char cpp[2048];

	axe_write_fmt(w, "{\"canonical\":true,\"mma\":\"%s\",\"operand\":\"%c\",\"k_dim\":%d,"
		      "\"major\":\"%s\",\"swizzle\":\"%s\",\"descriptor\":\"0x%016" PRIx64 "\"",
		      req->mma == AXE_MMA_TCGEN05 ? "tcgen05" : "wgmma", req->operand,
		      req->k_first ? 0 : 1, d->major == AXE_MMA_MAJOR_K ? "k" : "mn",
		      swizzle_text(d), d->value);
	axe_write_fmt(w, ",\"fields\":{\"start_address\":%u,\"lbo\":%u,\"sbo\":%u,\"version\":%u,"
		      "\"base_offset\":%u,\"lbo_mode\":%u,\"layout_type\":%u}", d->start_address,
		      d->lbo, d->sbo, d->version, d->base_offset, d->lbo_mode, d->layout_type);
	axe_write_fmt(w, ",\"lbo_bytes\":%u,\"sbo_bytes\":%u,\"k_block\":%"
		      PRId64 ",\"k_blocks\":[", d->lbo * 16, d->sbo * 16, d->k_block);
	for (int64_t b = 0; b < d->nkblocks; b++)
		axe_write_fmt(w, "%s{\"start_bytes\":%" PRId64 ",\"descriptor\":\"0x%016"
			      PRIx64 "\"}", b ? "," : "", d->kblock_bytes[b],
			      axe_mma_desc_kblock(d, b));
	axe_write_char(w, ']');
	json_str(w, "form", d->canonical);
	cpp_text(req, d, cpp, sizeof(cpp));
	json_str(w, "cpp", cpp);
	axe_write_str(w, "}\n");
}

static void refusal(axe_writer *w, const axe_mma_refusal *why, bool as_json)
{
	if (as_json) {
		axe_write_str(w, "{\"canonical\":false");
		json_str(w, "mode", why->mode);
		json_str(w, "reason", why->reason);
		json_str(w, "nearest", why->nearest);
		axe_write_str(w, "}\n");
		return;
	}
	axe_write_fmt(w, "not a canonical operand layout (%s): %s\nnearest: %s\n", why->mode,
		      why->reason, why->nearest);
}

void axe_print_desc(axe_writer *w, int r, const axe_mma_desc_request *req,
		    const axe_mma_desc *desc, const axe_mma_refusal *why, axe_format format)
{
	if (r > 0 && format == AXE_FORMAT_JSON)
		json(w, req, desc);
	else if (r > 0)
		text(w, req, desc);
	else
		refusal(w, why, format == AXE_FORMAT_JSON);
}
