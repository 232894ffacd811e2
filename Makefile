# noodle: `make run` opens the dashboard, `make test` runs every test. Both install what is missing first.
PREFIX ?= /usr/local
SWIFT ?= swift
BIN := .build/release/noodle
# libcanberra (with its PulseAudio backend) plays the alarm; the sound tests start pulseaudio with
# a null sink and record it with parec (pulseaudio-utils). libdbus-1-dev builds NoodleDesktop; its
# tests run a private dbus-daemon (dbus-send comes with it, in dbus-bin) and a notification server
# written with python3-dbus and python3-gi.
APT_PACKAGES := libncursesw5-dev libsqlite3-dev tmux faketime libcanberra-dev libcanberra-pulse pulseaudio pulseaudio-utils \
	sound-theme-freedesktop libdbus-1-dev dbus-daemon python3-dbus python3-gi
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build run test soak bench order deps install uninstall clean

all: build

# The Swift runtime is linked statically: only the pages noodle uses are loaded, which takes
# resident memory from about 14.5 MB to under 11 MB and shortens start-up. lld packs the
# position-independent binary's relocations (DT_RELR): the loader otherwise reads 2 MB of them
# at every start, all of it resident. It also lays out the functions a session runs side by
# side (linker/startup-order.txt, from `make order`), so they share pages: 18.7 -> 15.5 MB.
RELEASE := -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker --symbol-ordering-file=$(CURDIR)/linker/startup-order.txt -Xlinker --no-warn-symbol-ordering

build:
	$(SWIFT) build $(RELEASE) --product noodle

run: deps build
	$(BIN)

# The end-to-end suite drives the release binary in tmux, so it is built first.
test: deps build
	NOODLE_BIN=$(CURDIR)/$(BIN) $(SWIFT) test

# The hardening suite at full length: 10^5 fuzzed update sequences, 50 kill -9 crash checks and
# the rest, which `make test` runs shortened. NOODLE_SOAK tells the tests to use the long counts.
soak: deps build
	NOODLE_SOAK=1 NOODLE_BIN=$(CURDIR)/$(BIN) $(SWIFT) test --filter 'Hardening|Fuzz'

# Figures, not assertions: CPU, wake-ups, bytes written, RSS and first frame of the release binary.
bench: build
	$(SWIFT) build $(RELEASE) --product noodle-bench
	.build/release/noodle-bench
	python3 scripts/bench.py $(BENCH_FLAGS)

# Profiles a dashboard session with callgrind and rewrites the linker's function order from it.
order: build
	bash scripts/startup-order.sh
	$(SWIFT) build $(RELEASE) --product noodle

# Installs the Debian packages noodle builds against or tests with, only when one is missing.
deps:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

SHARE = $(DESTDIR)$(PREFIX)/share
COMPLETIONS = $(SHARE)/bash-completion/completions/noodle $(SHARE)/zsh/site-functions/_noodle \
	$(SHARE)/fish/vendor_completions.d/noodle.fish

# The binary, the themes it looks for beside it, the man page, and completions for bash, zsh and fish.
install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(SHARE)/noodle/themes $(SHARE)/man/man1 \
		$(SHARE)/bash-completion/completions $(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/noodle
	install -m 644 themes/*.toml $(SHARE)/noodle/themes/
	install -m 644 man/noodle.1 $(SHARE)/man/man1/noodle.1
	$(BIN) --generate-completion-script bash > $(SHARE)/bash-completion/completions/noodle
	$(BIN) --generate-completion-script zsh > $(SHARE)/zsh/site-functions/_noodle
	$(BIN) --generate-completion-script fish > $(SHARE)/fish/vendor_completions.d/noodle.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/noodle $(SHARE)/man/man1/noodle.1 $(COMPLETIONS)
	rm -rf $(SHARE)/noodle

clean:
	$(SWIFT) package clean
	rm -rf .build
