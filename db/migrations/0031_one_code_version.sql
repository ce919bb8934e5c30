-- Issue 38.3: one notion of a version of a Piece's code. A remix's copied version was the
-- first 16 hex digits of the SHA-256 of its text; it is now the hash every other version
-- already was (a check's result, a visual edit): app/pieces/code-version.ts codeVersion,
-- which the editor computes in the browser too. piece_remixes keeps the copied text, so
-- the stored versions are computed again here, by the same steps in SQL: 32-bit
-- multiplications of the text's UTF-16 code units, as JavaScript's Math.imul does them.
-- piece_check_results.version was always this hash and is left as it is.

create function pg_temp.imul(a bigint, b bigint) returns bigint language sql immutable as $$
  -- (a * b) mod 2^32 without leaving bigint: the high halves meet only below 2^32.
  select ((a & 65535) * (b & 65535) + ((((a >> 16) * (b & 65535) + (a & 65535) * (b >> 16)) & 65535) << 16)) & 4294967295
$$;

create function pg_temp.base36(n bigint) returns text language plpgsql immutable as $$
declare
  digits text := '';
begin
  loop
    digits := substr('0123456789abcdefghijklmnopqrstuvwxyz', (n % 36)::int + 1, 1) || digits;
    n := n / 36;
    exit when n = 0;
  end loop;
  return digits;
end
$$;

create function pg_temp.code_version(code text) returns text language plpgsql immutable as $$
declare
  h1 bigint := 3735928559; -- 0xdeadbeef
  h2 bigint := 1103547991; -- 0x41c6ce57
  point int;
  units int[];
  unit int;
  length bigint := 0;
begin
  foreach point in array coalesce((select array_agg(ascii(c) order by i) from unnest(string_to_array(code, null)) with ordinality as t (c, i)), '{}')
  loop
    -- A character beyond U+FFFF is two code units (a surrogate pair) in JavaScript.
    units := case when point > 65535 then array[55296 + ((point - 65536) >> 10), 56320 + ((point - 65536) & 1023)] else array[point] end;
    foreach unit in array units
    loop
      h1 := pg_temp.imul(h1 # unit, 2654435761);
      h2 := pg_temp.imul(h2 # unit, 1597334677);
      length := length + 1;
    end loop;
  end loop;
  h1 := pg_temp.imul(h1 # (h1 >> 16), 2246822507) # pg_temp.imul(h2 # (h2 >> 13), 3266489909);
  h2 := pg_temp.imul(h2 # (h2 >> 16), 2246822507) # pg_temp.imul(h1 # (h1 >> 13), 3266489909);
  return lpad(to_hex(h2), 8, '0') || lpad(to_hex(h1), 8, '0') || '-' || pg_temp.base36(length);
end
$$;

update piece_remixes set copied_hash = pg_temp.code_version(copied_code);

drop function pg_temp.code_version(text);
drop function pg_temp.base36(bigint);
drop function pg_temp.imul(bigint, bigint);
