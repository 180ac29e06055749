// texture_unit.cpp: a "texture unit" as a GPU simulator would write it
// around libtexunit: one object per SM, bound textures and samplers by
// slot, and a TXD-style instruction (sample with explicit gradients) over
// a warp of 32 lanes whose operands sit in registers, one array of 32
// per register (component-major: read in place, no copy).
//
//   make -C examples/c run      (or see examples/c/README.md for the commands)
//
// The run checks itself: the warp's results equal a lane-by-lane
// execution of the same instruction, and the lane-major layout gives the
// same bits; it prints a checksum and exits 1 on any difference.
#include <texunit.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace sim {

// Error carries texunit's message (which names the field and the value).
struct Error : std::runtime_error {
	explicit Error(const std::string &what) : std::runtime_error(what + ": " + texunit_last_error()) {}
};

inline int check(int status, const char *what) {
	if (status < 0) throw Error(what);
	return status;
}

// Handle owns one texunit handle; Free is the matching texunit_*_free.
template <typename H, int (*Free)(H)>
class Handle {
public:
	Handle() = default;
	explicit Handle(H h) : h_(h) {}
	Handle(Handle &&o) noexcept : h_(o.h_) { o.h_ = H{0}; }
	Handle &operator=(Handle &&o) noexcept {
		std::swap(h_, o.h_);
		return *this;
	}
	Handle(const Handle &) = delete;
	Handle &operator=(const Handle &) = delete;
	~Handle() {
		if (h_.id != 0) Free(h_);
	}
	H get() const { return h_; }

private:
	H h_{0};
};

using Surface = Handle<texunit_surface, texunit_surface_free>;
using Sampler = Handle<texunit_sampler, texunit_sampler_free>;
using Engine = Handle<texunit_engine, texunit_engine_free>;

constexpr int kWarp = 32;

// Reg is one vector register: a value per lane.
using Reg = std::array<float, kWarp>;

// WarpResult is what TXD writes back: four registers, the sparse
// (residency) predicate and the lanes that faulted.
struct WarpResult {
	std::array<Reg, 4> rgba{};   // rgba[c][lane]
	uint32_t resident = 0;       // bit per lane
	uint32_t faulted = 0;        // bit per lane
	std::string messages;
};

class TextureUnit {
public:
	TextureUnit() {
		texunit_engine e;
		check(texunit_engine_new(nullptr, &e), "engine");
		engine_ = Engine(e);
	}

	// BindTexture binds a texture (a batch protocol "surface" object) to a slot.
	void BindTexture(int slot, const std::string &json) {
		texunit_surface s;
		check(texunit_surface_new(json.c_str(), &s), "texture");
		texunit_surface_info info;
		check(texunit_surface_info_get(s, &info), "texture info");
		textures_[slot] = Bound{Surface(s), info};
	}

	// BindSampler binds a sampler state (a batch protocol "sampler" object).
	void BindSampler(int slot, const std::string &json) {
		texunit_sampler s;
		check(texunit_sampler_new(json.c_str(), &s), "sampler");
		samplers_[slot] = Sampler(s);
	}

	// TXD samples texture tex with sampler smp at coordinates coord (one
	// register per component) with gradients ddx and ddy, on the lanes
	// of mask.
	WarpResult TXD(int tex, int smp, const std::vector<const Reg *> &coord, const std::vector<const Reg *> &ddx,
	               const std::vector<const Reg *> &ddy, uint32_t mask) {
		const Bound &t = textures_.at(tex);
		const int n = t.info.coord_count, g = t.info.gradient_count;
		if ((int)coord.size() != n || (int)ddx.size() != g || (int)ddy.size() != g) {
			throw std::invalid_argument("TXD: wrong number of coordinate or gradient registers for " +
			                            std::string(t.info.type));
		}
		// Component-major operands: the registers side by side.
		float c[4 * kWarp], dx[3 * kWarp], dy[3 * kWarp];
		for (int i = 0; i < n; i++) std::memcpy(c + i * kWarp, coord[i]->data(), sizeof(Reg));
		for (int i = 0; i < g; i++) {
			std::memcpy(dx + i * kWarp, ddx[i]->data(), sizeof(Reg));
			std::memcpy(dy + i * kWarp, ddy[i]->data(), sizeof(Reg));
		}
		uint8_t active[kWarp];
		for (int i = 0; i < kWarp; i++) active[i] = (mask >> i) & 1;

		texunit_operands in{};
		in.lanes = kWarp;
		in.layout = TEXUNIT_COMPONENT_MAJOR;
		in.coord = c;
		in.ddx = dx;
		in.ddy = dy;
		in.active = active;

		WarpResult r;
		uint8_t resident[kWarp];
		int32_t errors[kWarp];
		char messages[1024];
		texunit_results out{};
		out.values = r.rgba.data(); // 4 × 32: the four destination registers, written in place
		out.layout = TEXUNIT_COMPONENT_MAJOR;
		out.resident = resident;
		out.errors = errors;
		out.messages = messages;
		out.messages_size = sizeof messages;
		check(texunit_execute(engine_.get(), t.surface.get(), samplers_.at(smp).get(), TEXUNIT_OP_SAMPLE_D, &in, &out),
		      "TXD");
		for (int i = 0; i < kWarp; i++) {
			if (resident[i]) r.resident |= 1u << i;
			if (errors[i] != TEXUNIT_LANE_OK) r.faulted |= 1u << i;
		}
		r.messages = messages;
		return r;
	}

	// TXDLane runs one lane alone (lane-major), for the self-check.
	std::array<float, 4> TXDLane(int tex, int smp, const float *coord, const float *ddx, const float *ddy) {
		texunit_operands in{};
		in.lanes = 1;
		in.layout = TEXUNIT_LANE_MAJOR;
		in.coord = coord;
		in.ddx = ddx;
		in.ddy = ddy;
		std::array<float, 4> v{};
		texunit_results out{};
		out.values = v.data();
		check(texunit_execute(engine_.get(), textures_.at(tex).surface.get(), samplers_.at(smp).get(),
		                      TEXUNIT_OP_SAMPLE_D, &in, &out),
		      "TXD lane");
		return v;
	}

private:
	struct Bound {
		Surface surface;
		texunit_surface_info info;
	};
	Engine engine_;
	std::map<int, Bound> textures_;
	std::map<int, Sampler> samplers_;
};

}  // namespace sim

int main() {
	try {
		sim::TextureUnit tu;
		tu.BindTexture(0, R"({"type": "2d", "format": "r8g8b8a8_srgb", "width": 256, "height": 256,
		                      "levels": 0, "data": {"hash": {"seed": 42}}})");
		tu.BindSampler(1, R"({"mag": "linear", "min": "linear", "mip": "linear", "max_anisotropy": 8,
		                      "address": "repeat"})");

		// A warp drawing a receding plane: u, v and their screen-space
		// gradients per lane, lanes 28..31 inactive.
		sim::Reg u, v, dudx, dvdx, dudy, dvdy;
		for (int i = 0; i < sim::kWarp; i++) {
			float x = float(i % 8) + 0.5f, y = float(i / 8) + 0.5f, w = 1.0f + 0.25f * y;
			u[i] = x / (8 * w);
			v[i] = 1.0f / w;
			dudx[i] = 1.0f / (8 * w);
			dvdx[i] = 0;
			dudy[i] = -x * 0.25f / (8 * w * w);
			dvdy[i] = -0.25f / (w * w);
		}
		const uint32_t mask = 0x0fffffff;
		sim::WarpResult r = tu.TXD(0, 1, {&u, &v}, {&dudx, &dvdx}, {&dudy, &dvdy}, mask);

		int bad = 0;
		double sum = 0;
		for (int i = 0; i < sim::kWarp; i++) {
			if (!((mask >> i) & 1)) continue;
			float c[2] = {u[i], v[i]}, dx[2] = {dudx[i], dvdx[i]}, dy[2] = {dudy[i], dvdy[i]};
			std::array<float, 4> one = tu.TXDLane(0, 1, c, dx, dy);
			for (int k = 0; k < 4; k++) {
				sum += r.rgba[k][i];
				if (std::memcmp(&one[k], &r.rgba[k][i], 4) != 0) {
					std::printf("lane %d channel %d: warp %a, alone %a\n", i, k, r.rgba[k][i], one[k]);
					bad++;
				}
			}
		}
		std::printf("TXD over a warp of %d lanes: lane 0 = (%.6f, %.6f, %.6f, %.6f), resident 0x%08x, checksum %.6f\n",
		            sim::kWarp, r.rgba[0][0], r.rgba[1][0], r.rgba[2][0], r.rgba[3][0], r.resident, sum);
		if (r.faulted != 0 || r.resident != 0xffffffff || bad != 0) {
			std::printf("FAILED: faulted 0x%08x, %d mismatches\n", r.faulted, bad);
			return 1;
		}
		// A bad binding names the field and the value.
		try {
			tu.BindTexture(2, R"({"type": "2d", "format": "r8g8b8a8_unrom", "width": 4})");
		} catch (const sim::Error &e) {
			std::printf("as expected: %s\n", e.what());
		}
		return 0;
	} catch (const std::exception &e) {
		std::fprintf(stderr, "%s\n", e.what());
		return 1;
	}
}
